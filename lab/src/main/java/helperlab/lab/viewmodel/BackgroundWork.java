package helperlab.lab.viewmodel;

import helperlab.model.DataFileException;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Runs file and simulation work off the UI thread and hands results (or a clear error notice) back
 * on it, so the window never blocks.
 */
public final class BackgroundWork {
  private final ExecutorService pool;
  private final Executor ui;
  private final Notices notices;
  private final AtomicInteger running = new AtomicInteger();

  public BackgroundWork(Executor ui, Notices notices) {
    AtomicInteger n = new AtomicInteger();
    this.pool = Executors.newFixedThreadPool(2, r -> {
      Thread t = new Thread(r, "lab-work-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    this.ui = ui;
    this.notices = notices;
  }

  public Executor ui() {
    return ui;
  }

  public Notices notices() {
    return notices;
  }

  /**
   * Runs {@code work} in the background; {@code onDone} gets its result on the UI thread. A failure
   * becomes an error notice {@code "<what>: <reason>"} and the future completes exceptionally.
   */
  public <T> CompletableFuture<T> run(String what, Callable<T> work, Consumer<T> onDone) {
    CompletableFuture<T> result = new CompletableFuture<>();
    if (pool.isShutdown()) {
      result.completeExceptionally(new IllegalStateException("the lab is closing"));
      return result;
    }
    running.incrementAndGet();
    pool.execute(() -> {
      try {
        T value = work.call();
        ui.execute(() -> {
          try {
            onDone.accept(value);
            notices.succeeded(what);
            result.complete(value);
          } catch (RuntimeException e) {
            notices.error(what + ": " + reason(e));
            result.completeExceptionally(e);
          } finally {
            running.decrementAndGet();
          }
        });
      } catch (Exception | Error e) {
        ui.execute(() -> {
          notices.error(what + ": " + reason(e));
          result.completeExceptionally(e);
          running.decrementAndGet();
        });
      }
    });
    return result;
  }

  /** Tasks submitted and not yet handed back. */
  public int running() {
    return running.get();
  }

  public void shutdown() {
    pool.shutdownNow();
  }

  /** A reason a person can act on: the data file's own message, else the exception's. */
  public static String reason(Throwable e) {
    if (e instanceof DataFileException) {
      return e.getMessage();
    }
    if (e instanceof NoSuchFileException f) {
      return f.getFile() + ": no such file";
    }
    if (e instanceof IOException && e.getMessage() != null) {
      return e.getMessage();
    }
    if ((e instanceof CompletionException || e instanceof ExecutionException)
        && e.getCause() != null) {
      return reason(e.getCause());
    }
    String m = e.getMessage();
    if (m == null || m.isBlank()) {
      e.printStackTrace(); // a bug, not bad input: the trace goes to the terminal, the user gets plain words
      return "an internal error (a bug in the lab; the details went to the terminal)";
    }
    return m;
  }
}
