package helperlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A command's writer as a print stream: whole characters only, and a gone reader still seen. */
class WriterStreamTest {
  @Test
  void aCharacterCutByAFlushArrivesWhole() {
    StringWriter w = new StringWriter();
    PrintStream s = WriterStream.over(new PrintWriter(w, true));
    byte[] arrow = "→ ok".getBytes(StandardCharsets.UTF_8);
    s.write(arrow, 0, 1); // the first byte of three, flushed on its own by the auto-flushing stream
    s.flush();
    assertEquals("", w.toString(), "nothing half a character");
    s.write(arrow, 1, arrow.length - 1);
    s.println();
    assertEquals("→ ok" + System.lineSeparator(), w.toString());
  }

  @Test
  void aReaderThatIsGoneShowsInCheckError() {
    OutputStream closed = new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        throw new IOException("broken pipe");
      }
    };
    PrintStream s = WriterStream.over(new PrintWriter(closed, true));
    assertFalse(s.checkError());
    s.println("{\"ok\":true}");
    assertTrue(s.checkError(), "ctl stops following when nobody reads its answers");
  }

  @Test
  void ctlSeesAGoneReaderThroughAPrintStreamThatSwallowsIt() {
    OutputStream closed = new OutputStream() {
      @Override
      public void write(int b) throws IOException {
        throw new IOException("broken pipe");
      }
    };
    PrintStream process = new PrintStream(closed, true); // as System.out: it never throws, it remembers
    PrintStream s = WriterStream.over(Main.ctlOut(process));
    s.println("{\"ok\":true}");
    assertTrue(s.checkError(), "the server's ctl stops when its SSH session's pipe is gone");
  }
}
