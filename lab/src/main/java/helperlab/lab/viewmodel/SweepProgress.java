package helperlab.lab.viewmodel;

import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.StringProperty;

/**
 * A running sweep's progress as its threads report it: at most one update per 1% handed to the UI
 * thread (and the last run's always), and never backwards — the threads post in any order, so a count
 * already passed is not shown again.
 */
final class SweepProgress {
  private final int total;
  private final Executor ui;
  private final DoubleProperty progress;
  private final StringProperty text;
  private final AtomicInteger lastShown = new AtomicInteger(-1);

  /** Sets {@code progress} to 0 and {@code text} to "0 / total runs" (on the caller's thread: the UI's). */
  SweepProgress(int total, Executor ui, DoubleProperty progress, StringProperty text) {
    if (total <= 0) {
      throw new IllegalArgumentException("a sweep has at least one run, got " + total);
    }
    this.total = total;
    this.ui = ui;
    this.progress = progress;
    this.text = text;
    progress.set(0);
    text.set("0 / " + total + " runs");
  }

  /** {@code done} runs of the sweep have finished (called from any of its threads). */
  void done(int done) {
    int pct = (int) (100L * done / total);
    if (lastShown.getAndSet(pct) != pct || done == total) {
      ui.execute(() -> {
        if ((double) done / total > progress.get()) {
          progress.set((double) done / total);
          text.set(done + " / " + total + " runs");
        }
      });
    }
  }
}
