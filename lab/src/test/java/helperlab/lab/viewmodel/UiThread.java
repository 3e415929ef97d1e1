package helperlab.lab.viewmodel;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.concurrent.Executor;

/**
 * A stand-in UI thread for view-model tests without a window: view models hand results to it as they
 * would to the FX thread, and the test reads their state on it too.
 */
final class UiThread implements Executor, AutoCloseable {
  private final ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "test-ui");
    t.setDaemon(true);
    return t;
  });

  @Override
  public void execute(Runnable r) {
    if (!thread.isShutdown()) { // after the test, late results are dropped as a closed window would
      try {
        thread.execute(r);
      } catch (java.util.concurrent.RejectedExecutionException closing) {
        // closed meanwhile
      }
    }
  }

  /** Runs {@code f} on the UI thread and returns its value. */
  <T> T call(Supplier<T> f) {
    try {
      Future<T> r = thread.submit(f::get);
      // a guard against a hang, never a measure: at load 45 on 2 cores building a view model took over 30 s
      return r.get(5, TimeUnit.MINUTES);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  void run(Runnable r) {
    call(() -> {
      r.run();
      return null;
    });
  }

  /** Waits until {@code condition} (checked on the UI thread) holds; fails with {@code what} on timeout. */
  void await(String what, Duration timeout, BooleanSupplier condition) {
    // A ceiling, never a measure: a loaded machine gets at least a minute.
    Duration ceiling = timeout.compareTo(Duration.ofSeconds(60)) < 0 ? Duration.ofSeconds(60) : timeout;
    org.awaitility.Awaitility.await(what).atMost(ceiling).pollInterval(Duration.ofMillis(20)).until(() -> call(condition::getAsBoolean));
  }

  @Override
  public void close() {
    thread.shutdownNow();
  }
}
