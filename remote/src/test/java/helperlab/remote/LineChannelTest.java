package helperlab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Line framing: whole lines, an oversized reply, and a silent peer. */
class LineChannelTest {
  @Test
  void linesArriveWholeEvenWhenSplitAcrossReads() throws Exception {
    PipedOutputStream server = new PipedOutputStream();
    try (LineChannel c = new LineChannel(new PipedInputStream(server), new ByteArrayOutputStream(), "peer", 1000, () -> { })) {
      server.write("{\"a\":".getBytes(StandardCharsets.UTF_8));
      server.flush();
      server.write("1}\n{\"b\":2}\n".getBytes(StandardCharsets.UTF_8));
      server.flush();
      assertEquals("{\"a\":1}", c.receive(2000));
      assertEquals("{\"b\":2}", c.receive(2000));
    }
  }

  @Test
  void anOversizedReplyClosesTheChannelWithAClearError() {
    byte[] big = new byte[5000];
    java.util.Arrays.fill(big, (byte) 'x');
    boolean[] closed = {false};
    LineChannel c = new LineChannel(new ByteArrayInputStream(big), new ByteArrayOutputStream(), "peer", 1000,
        () -> closed[0] = true);
    ControlException e = assertThrows(ControlException.class, () -> c.receive(2000));
    assertEquals(ControlException.Kind.OVERSIZED, e.kind());
    assertTrue(e.getMessage().contains("longer than 1000 bytes"), e.getMessage());
    assertTrue(closed[0]);
  }

  @Test
  void aSilentPeerTimesOut() throws Exception {
    try (LineChannel c = new LineChannel(new PipedInputStream(new PipedOutputStream()), new ByteArrayOutputStream(),
        "peer", 1000, () -> { })) {
      ControlException e = assertThrows(ControlException.class, () -> c.receive(100));
      assertEquals(ControlException.Kind.TIMEOUT, e.kind());
    }
  }
}
