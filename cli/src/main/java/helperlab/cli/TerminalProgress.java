package helperlab.cli;

import java.io.PrintWriter;
import java.time.Duration;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarConsumer;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine.Model.CommandSpec;

/**
 * A long command's progress with an estimate, on one line of the terminal's error stream (me.tongfei.progressbar),
 * or nothing at all: not when the command's output is not a terminal ({@link System#console()} is null: a file, a
 * pipe, a test) nor with {@code --quiet}, so logs and pipes stay clean. Steps may be reported from any thread and
 * out of order: the bar shows the furthest. Lines a command prints while the bar is up go through {@link #line}, which
 * clears the bar first so the two never share a line.
 */
final class TerminalProgress implements AutoCloseable {
  /** Redraws at most this often (the estimate is the library's: the time so far over the share done). */
  private static final int REDRAW_MS = 250;

  private final Object lock = new Object();
  private final ProgressBar bar;
  private final BarLine barLine;
  private long furthest;

  private TerminalProgress(ProgressBar bar, BarLine barLine) {
    this.bar = bar;
    this.barLine = barLine;
  }

  /** A bar on {@code spec}'s error stream for {@code total} {@code unit}s of {@code task}, when there is a terminal. */
  static TerminalProgress start(CommandSpec spec, QuietOption quiet, String task, long total, String unit) {
    return start(spec.commandLine().getErr(), !quiet.quiet && System.console() != null, task, total, unit);
  }

  /** A bar on {@code err} when {@code shown}, else one that draws nothing. */
  static TerminalProgress start(PrintWriter err, boolean shown, String task, long total, String unit) {
    if (!shown) {
      return new TerminalProgress(null, null);
    }
    Object lock = new Object();
    BarLine line = new BarLine(err, TerminalWidth.columns(), lock);
    ProgressBar bar = new ProgressBarBuilder().setTaskName(task).setInitialMax(Math.max(1, total))
        .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(REDRAW_MS).setUnit(" " + unit, 1)
        .setConsumer(line).startsFrom(0, Duration.ZERO).build();
    return new TerminalProgress(bar, line);
  }

  boolean shown() {
    return bar != null;
  }

  /** {@code done} units finished so far (ignored when an earlier report said more). */
  void stepTo(long done) {
    if (bar == null) {
      return;
    }
    synchronized (lock) {
      if (done > furthest) {
        furthest = done;
        bar.stepTo(done);
      }
    }
  }

  /** One more unit finished. */
  void step() {
    if (bar == null) {
      return;
    }
    synchronized (lock) {
      furthest++;
      bar.stepTo(furthest);
    }
  }

  /** A few words after the bar: what is being done now. */
  void say(String what) {
    if (bar != null) {
      bar.setExtraMessage(what);
    }
  }

  /** Prints {@code text} as a line of {@code out}, the bar cleared first (it is drawn again on its next redraw). */
  void line(PrintWriter out, String text) {
    if (barLine == null) {
      out.println(text);
      out.flush();
      return;
    }
    barLine.above(out, text);
  }

  /** Draws the bar a last time, as it ends, and moves to the next line. */
  @Override
  public void close() {
    if (bar != null) {
      bar.close();
      // the library leaves its line open when it is closed before its first redraw: ended here, once
      barLine.close();
    }
  }

  /** Draws the bar now (a test's way to know it has been drawn; the redraws come on the library's own clock). */
  void draw() {
    if (bar != null) {
      bar.refresh();
    }
  }

  /** The bar's one line on the error stream, each drawing overwriting the last. */
  static final class BarLine implements ProgressBarConsumer {
    private final PrintWriter err;
    private final int width;
    private final Object lock;
    private boolean drawn;
    /** A redraw already under way when the bar was closed must not draw again after its last line. */
    private boolean closed;

    BarLine(PrintWriter err, int width, Object lock) {
      this.err = err;
      this.width = width;
      this.lock = lock;
    }

    @Override
    public int getMaxRenderedLength() {
      return width;
    }

    @Override
    public void accept(String rendered) {
      synchronized (lock) {
        if (closed) {
          return;
        }
        err.print('\r');
        err.print(rendered.length() > width ? rendered.substring(0, width) : rendered);
        err.flush();
        drawn = true;
      }
    }

    @Override
    public void clear() {
      synchronized (lock) {
        if (drawn) {
          err.print('\r' + " ".repeat(width) + '\r');
          err.flush();
          drawn = false;
        }
      }
    }

    void above(PrintWriter out, String text) {
      synchronized (lock) {
        clear();
        out.println(text);
        out.flush();
      }
    }

    @Override
    public void close() {
      synchronized (lock) {
        if (drawn && !closed) {
          err.println();
          err.flush();
        }
        closed = true;
      }
    }
  }
}
