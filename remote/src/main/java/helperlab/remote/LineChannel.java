package helperlab.remote;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

/**
 * JSON lines over a pair of streams (an SSH exec channel or a child process's pipes). A reader thread
 * splits the input into lines of at most {@code maxLineBytes}; an oversized line, or a channel closed in
 * the middle of a line, ends the channel with a clear error instead of hanging or eating memory.
 */
public final class LineChannel implements AutoCloseable {
  /** Long enough for a one-minute exhibit's whole record on one line. */
  public static final int DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;

  private static final Object END = new Object();

  private final OutputStream out;
  private final Runnable onClose;
  private final BlockingQueue<Object> lines = new LinkedBlockingQueue<>();
  private final String peer;
  private volatile boolean closed;
  private volatile ControlException failure;
  private volatile IntSupplier exitStatus;
  private volatile String command;
  private volatile Integer endStatus;

  public LineChannel(InputStream in, OutputStream out, String peer, int maxLineBytes, Runnable onClose) {
    this.out = out;
    this.peer = peer;
    this.onClose = onClose;
    Thread reader = new Thread(() -> readLines(in, maxLineBytes), "line-reader " + peer);
    reader.setDaemon(true);
    reader.start();
  }

  private void readLines(InputStream in, int max) {
    ByteArrayOutputStream line = new ByteArrayOutputStream();
    byte[] buf = new byte[64 * 1024];
    try {
      while (true) {
        int n = in.read(buf);
        if (n < 0) {
          if (line.size() > 0) {
            fail(new ControlException(ControlException.Kind.CLOSED,
                peer + " closed the channel in the middle of a reply (" + line.size() + " bytes without an end of line)"));
          }
          break;
        }
        int start = 0;
        for (int i = 0; i < n; i++) {
          if (buf[i] == '\n') {
            line.write(buf, start, i - start);
            lines.add(line.toString(StandardCharsets.UTF_8));
            line.reset();
            start = i + 1;
          }
        }
        line.write(buf, start, n - start);
        if (line.size() > max) {
          fail(new ControlException(ControlException.Kind.OVERSIZED,
              peer + " sent a reply longer than " + max + " bytes; the connection was closed"));
          close();
          break;
        }
      }
    } catch (IOException e) {
      if (!closed) {
        fail(new ControlException(ControlException.Kind.CLOSED, peer + ": connection lost: " + e.getMessage(), e));
      }
    } finally {
      lines.add(END);
    }
  }

  private void fail(ControlException e) {
    if (failure == null) {
      failure = e;
    }
  }

  /**
   * Tells the channel how to learn the control command's exit status once its output has ended
   * ({@code -1} when unknown), so a command that is missing on the server (status 127) or failed
   * is reported as such rather than as a bare closed connection.
   */
  public LineChannel exitStatus(String command, IntSupplier status) {
    this.command = command;
    this.exitStatus = status;
    return this;
  }

  /** Sends one line; the text must not contain a line break (every request is one JSON object). */
  public synchronized void send(String line) throws ControlException {
    if (line.indexOf('\n') >= 0 || line.indexOf('\r') >= 0) {
      throw new ControlException(ControlException.Kind.REFUSED_INPUT, "a request must be a single line");
    }
    if (closed) {
      throw closedError();
    }
    try {
      out.write(line.getBytes(StandardCharsets.UTF_8));
      out.write('\n');
      out.flush();
    } catch (IOException e) {
      throw new ControlException(ControlException.Kind.CLOSED, peer + ": cannot send: " + e.getMessage(), e);
    }
  }

  /** The next line, waiting at most {@code timeoutMs}; throws if the channel ended (or timed out). */
  public String receive(long timeoutMs) throws ControlException {
    Object next;
    try {
      next = lines.poll(timeoutMs, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ControlException(ControlException.Kind.CLOSED, "interrupted while waiting for " + peer);
    }
    if (next == null) {
      throw new ControlException(ControlException.Kind.TIMEOUT, peer + " did not answer within " + timeoutMs + " ms");
    }
    if (next == END) {
      lines.add(END); // stay ended for later callers
      throw closedError();
    }
    return (String) next;
  }

  private ControlException closedError() {
    ControlException f = failure;
    if (f != null) {
      return f;
    }
    if (exitStatus != null && !closed) {
      int code = endStatus();
      if (code == 127) {
        return new ControlException(ControlException.Kind.COMMAND_FAILED, "the remote command '" + command
            + "' was not found on " + peer + " (it exited with status 127); install helper-lab there, or say how to"
            + " start ctl with --remote-command", code);
      }
      if (code == 126) {
        return new ControlException(ControlException.Kind.COMMAND_FAILED, "the remote command '" + command
            + "' could not be run on " + peer + " (status 126: not executable)", code);
      }
      if (code > 0) {
        return new ControlException(ControlException.Kind.COMMAND_FAILED, "the remote command '" + command
            + "' on " + peer + " exited with status " + code, code);
      }
    }
    return new ControlException(ControlException.Kind.CLOSED, peer + " closed the connection");
  }

  /** The command's exit status once its output has ended (asked once, then kept); -1 when none came. */
  private int endStatus() {
    Integer s = endStatus;
    if (s == null) {
      s = exitStatus.getAsInt();
      endStatus = s;
    }
    return s;
  }

  /**
   * Whether the command's output ended without the command saying how it ended: this channel can learn an
   * exit status and none came, because the link was cut (the SSH session killed, the network gone) or the
   * command was killed by a signal. Meaningful once {@link #receive} has said the channel ended.
   */
  public boolean endedWithoutStatus() {
    return exitStatus != null && !closed && endStatus() < 0;
  }

  /** Ends the request side (the server sees end of input) while replies can still arrive. */
  public synchronized void closeOutput() {
    try {
      out.close();
    } catch (IOException ignored) {
      // already closed
    }
  }

  public boolean isOpen() {
    return !closed && failure == null;
  }

  public String peer() {
    return peer;
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      try {
        out.close();
      } catch (IOException ignored) {
        // closing anyway
      }
      onClose.run();
    }
  }
}
