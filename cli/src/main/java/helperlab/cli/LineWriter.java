package helperlab.cli;

import java.io.Writer;
import java.util.function.Consumer;

/** A writer that hands on whole lines (without their newline), for output read a line at a time as it comes. */
final class LineWriter extends Writer {
  private final StringBuilder line = new StringBuilder();
  private final Consumer<String> lines;

  LineWriter(Consumer<String> lines) {
    this.lines = lines;
  }

  @Override
  public synchronized void write(char[] buf, int off, int len) {
    for (int i = off; i < off + len; i++) {
      char c = buf[i];
      if (c == '\n') {
        int end = line.length() > 0 && line.charAt(line.length() - 1) == '\r' ? line.length() - 1 : line.length();
        lines.accept(line.substring(0, end));
        line.setLength(0);
      } else {
        line.append(c);
      }
    }
  }

  @Override
  public void flush() {
    // a line goes on when it is whole
  }

  /** Hands on what is left, a last line without its newline. */
  @Override
  public synchronized void close() {
    if (line.length() > 0) {
      lines.accept(line.toString());
      line.setLength(0);
    }
  }
}
