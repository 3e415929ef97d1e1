package helperlab.cage;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the cage logs, as a test reads it: the cage logs through SLF4J, whose simple binding writes each line to the
 * {@code System.err} of the moment; this puts one stream there, once, that writes on to the real stderr and to every
 * tap open now. A tap holds what was logged from its opening to its closing, so a cage in a test reads its own log
 * and not the earlier tests' (two cages of one test share theirs).
 */
public final class LogTap implements AutoCloseable {
  private static final List<LogTap> OPEN = new CopyOnWriteArrayList<>();
  private static boolean installed;

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

  private LogTap() {}

  /** A tap that keeps every line logged from now until it is closed. */
  public static LogTap open() {
    install();
    LogTap tap = new LogTap();
    OPEN.add(tap);
    return tap;
  }

  private static synchronized void install() {
    if (installed) {
      return;
    }
    PrintStream real = System.err;
    System.setErr(new PrintStream(new OutputStream() {
      @Override
      public void write(int c) throws IOException {
        real.write(c);
        for (LogTap t : OPEN) {
          t.keep(new byte[] {(byte) c}, 0, 1);
        }
      }

      @Override
      public void write(byte[] buf, int off, int len) throws IOException {
        real.write(buf, off, len);
        for (LogTap t : OPEN) {
          t.keep(buf, off, len);
        }
      }

      @Override
      public void flush() {
        real.flush();
      }
    }, true, StandardCharsets.UTF_8));
    installed = true;
  }

  private synchronized void keep(byte[] buf, int off, int len) {
    bytes.write(buf, off, len);
  }

  /** What was logged while the tap was open. */
  public synchronized String text() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Override
  public void close() {
    OPEN.remove(this);
  }
}
