package helperlab.lab;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;

/** Waiting for the FX thread from a driver thread (benchmarks and screenshots). */
final class FxWait {
  private FxWait() {}

  /** Runs {@code f} on the FX thread and returns its value. */
  static <T> T call(Supplier<T> f) throws Exception {
    CompletableFuture<T> r = new CompletableFuture<>();
    Platform.runLater(() -> {
      try {
        r.complete(f.get());
      } catch (Throwable e) {
        r.completeExceptionally(e);
      }
    });
    return r.get(60, TimeUnit.SECONDS);
  }

  static void run(Runnable f) throws Exception {
    call(() -> {
      f.run();
      return null;
    });
  }

  /** Polls {@code condition} on the FX thread every 50 ms until true; false on timeout. */
  static boolean until(BooleanSupplier condition, long timeoutMillis) throws Exception {
    long end = System.currentTimeMillis() + timeoutMillis;
    while (System.currentTimeMillis() < end) {
      if (call(condition::getAsBoolean)) {
        return true;
      }
      Thread.sleep(50);
    }
    return false;
  }

  /** Waits until {@code n} more frames (pulses) have been drawn. */
  static void frames(int n) throws Exception {
    CompletableFuture<Void> done = new CompletableFuture<>();
    Platform.runLater(() -> new AnimationTimer() {
      private int seen;

      @Override
      public void handle(long now) {
        if (++seen > n) {
          stop();
          done.complete(null);
        }
      }
    }.start());
    done.get(60, TimeUnit.SECONDS);
  }
}
