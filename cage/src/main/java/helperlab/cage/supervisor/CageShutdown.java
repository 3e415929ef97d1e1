package helperlab.cage.supervisor;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The supervisor's orderly stop: the run ended on the loop (its record written), the loop let go, workers
 * killed, checkpoints and the stream flushed, then every part closed and a slowdown's CPU cap put back.
 */
final class CageShutdown {
  private static final Logger LOG = LoggerFactory.getLogger(CageShutdown.class);

  private final SupervisorParts parts;

  CageShutdown(SupervisorParts parts) {
    this.parts = parts;
  }

  /** A slowdown's lowered CPU cap put back, whatever stopped the run that lowered it. */
  void restoreCpu() {
    if (parts.cage().cpuCapped() && parts.cage().cpuShare() < 1) {
      try {
        parts.cage().setCpuShare(1);
      } catch (IOException | RuntimeException e) {
        LOG.warn("cage: cannot restore the CPU cap: " + e.getMessage());
      }
    }
  }

  /**
   * A start that failed taking back its last life's work or opening its first run: every part is let go (the data
   * directory, the lease, every thread), so a next start can take them; returns what to throw, in words that name
   * the dependency that failed and say that nothing is lost.
   */
  RuntimeException abandon(Exception e, String storeUrl) {
    abandon();
    if (e instanceof helperlab.cage.store.Fenced f) {
      return new IllegalStateException("the take-back stopped: " + f.getMessage(), f);
    }
    if (e instanceof java.sql.SQLException sql) {
      return new IllegalStateException("PostgreSQL at " + storeUrl + " failed while the cage took back its last"
          + " life's work (" + sql.getMessage() + "); nothing is lost: what was taken back is stored, the rest is"
          + " taken back at the next start; start the cage again when PostgreSQL answers", sql);
    }
    return e instanceof RuntimeException r ? r : new IllegalStateException(e.getMessage(), e);
  }

  /** A start that failed before the loop ran: every part taken so far is let go, in the reverse order of taking. */
  void abandon() {
    parts.pool().shutdown();
    parts.checkpointer().close();
    parts.stream().close();
    parts.store().close();
    parts.cage().close();
    try {
      parts.dataDir().close();
    } catch (IOException e) {
      // the process is going anyway
    }
  }

  /**
   * Stops the cage. {@code endRunOnLoop} hands the loop the run's end (and its own stop) and returns
   * when that is done; {@code markStopping} tells the loop to stop whether or not it did.
   */
  void stop(Thread loop, Supplier<CompletableFuture<Object>> endRunOnLoop, Runnable markStopping) {
    try {
      if (loop.isAlive()) {
        try {
          endRunOnLoop.get().get(10, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
          LOG.warn("cage: could not end the run cleanly: " + e);
        }
        markStopping.run();
        loop.join(5000);
      }
      markStopping.run();
      parts.pool().shutdown();
      parts.checkpointer().flush(5000);
      parts.stream().flush(3000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      restoreCpu();
      parts.checkpointer().close();
      parts.stream().close();
      parts.store().close();
      parts.cage().close();
      try {
        parts.dataDir().close();
      } catch (IOException e) {
        // the process is going anyway
      }
    }
  }
}
