package helperlab.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * A command's own writer seen as the {@link PrintStream} the cage, the lab and the remote code print progress to:
 * bytes are taken as UTF-8 and handed on a line at a time (a newline never falls inside a UTF-8 sequence, so no
 * character is cut in two).
 */
final class WriterStream extends OutputStream {
  private final PrintWriter writer;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream();

  private WriterStream(PrintWriter writer) {
    this.writer = writer;
  }

  /** An auto-flushing UTF-8 print stream over {@code writer}. */
  static PrintStream over(PrintWriter writer) {
    return new PrintStream(new WriterStream(writer), true, StandardCharsets.UTF_8);
  }

  @Override
  public synchronized void write(int b) throws IOException {
    line.write(b);
    if (b == '\n') {
      drain();
    }
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) throws IOException {
    int start = off;
    for (int i = off; i < off + len; i++) {
      if (b[i] == '\n') {
        line.write(b, start, i + 1 - start);
        drain();
        start = i + 1;
      }
    }
    line.write(b, start, off + len - start);
  }

  @Override
  public synchronized void flush() throws IOException {
    drain();
    writer.flush();
  }

  @Override
  public void close() throws IOException {
    flush();
  }

  /** Hands on every whole character buffered; the start of one cut by a flush waits for its last bytes. */
  private void drain() throws IOException {
    byte[] bytes = line.toByteArray();
    int whole = wholeLength(bytes);
    if (whole > 0) {
      writer.write(new String(bytes, 0, whole, StandardCharsets.UTF_8));
      line.reset();
      line.write(bytes, whole, bytes.length - whole);
      if (writer.checkError()) {
        // a PrintWriter swallows its failures: said here, the PrintStream's checkError() tells a gone reader too
        throw new IOException("the output is closed");
      }
    }
  }

  /** The length of {@code bytes} up to the last complete UTF-8 sequence. */
  static int wholeLength(byte[] bytes) {
    for (int back = 1; back <= Math.min(3, bytes.length); back++) {
      int b = bytes[bytes.length - back] & 0xff;
      if (b < 0x80) {
        return bytes.length; // ASCII ends the buffer: nothing is cut
      }
      if (b >= 0xc0) { // a lead byte: how long its sequence is decides
        int needed = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
        return needed <= back ? bytes.length : bytes.length - back;
      }
    }
    return bytes.length;
  }
}
