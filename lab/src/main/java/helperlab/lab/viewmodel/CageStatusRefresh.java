package helperlab.lab.viewmodel;

import helperlab.lab.remote.CageStatus;
import helperlab.remote.Backoff;
import helperlab.remote.CageClient;
import helperlab.remote.ControlException;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * A {@link CageLink}'s status, asked every few seconds on its own thread. When the status stops coming, the values
 * shown are marked stale and it is asked again with backoff ({@link Backoff}: capped, jittered), never a fresh login
 * every tick; after the policy's give-up time it stops with a plain message until Retry. The next answer clears the
 * message and its banner.
 */
final class CageStatusRefresh {
  private static final long REFRESH_MS = 2_000;
  private static final String LOST = "Lost the cage's status";

  private final CageLink link;
  private final Executor ui;
  private final Notices notices;
  private final ScheduledExecutorService refresher = Executors.newSingleThreadScheduledExecutor(
      CageLink.daemon("cage-status"));
  private ScheduledFuture<?> refreshing;
  // the status thread's: how the refresh retries a cage that stopped answering
  private Backoff backoff = new Backoff(Backoff.Policy.LAB);
  private long nextTryMs;
  private final BooleanProperty stale = new SimpleBooleanProperty(false);
  private final BooleanProperty gaveUp = new SimpleBooleanProperty(false);

  CageStatusRefresh(CageLink link, Executor ui, Notices notices) {
    this.link = link;
    this.ui = ui;
    this.notices = notices;
  }

  /** Starts asking for connection {@code gen}, from the first delay. */
  void start(int gen) {
    refresher.execute(() -> {
      synchronized (this) {
        backoff.succeeded();
        nextTryMs = 0;
      }
    });
    refreshing = refresher.scheduleWithFixedDelay(() -> refresh(gen), REFRESH_MS, REFRESH_MS, TimeUnit.MILLISECONDS);
  }

  /** How a cage that stopped answering is retried (tests use a short give-up time). */
  void pacing(Backoff.Policy policy) {
    refresher.execute(() -> {
      synchronized (this) {
        backoff = new Backoff(policy);
      }
    });
  }

  /** After the refresh gave up: ask the cage again, from the first delay. */
  void retry(int gen) {
    gaveUp.set(false);
    if (refreshing == null || refreshing.isDone()) {
      refreshing = refresher.scheduleWithFixedDelay(() -> refresh(gen), REFRESH_MS, REFRESH_MS, TimeUnit.MILLISECONDS);
    }
    refresher.execute(() -> {
      synchronized (this) {
        backoff.succeeded();
        nextTryMs = 0;
      }
      refresh(gen);
    });
  }

  /** Stops asking (the connection goes). */
  void stop() {
    if (refreshing != null) {
      refreshing.cancel(false);
      refreshing = null;
    }
  }

  /** Nothing shown is stale once there is nothing shown. */
  void clearMarks() {
    stale.set(false);
    gaveUp.set(false);
  }

  /** Asks once now, on whichever thread calls it (the status thread, or the request thread for a refresh now). */
  synchronized void refresh(int gen) {
    CageClient c = link.client();
    long now = System.currentTimeMillis();
    if (c == null || now < nextTryMs) {
      return;
    }
    try {
      CageStatus st = CageStatus.of(c.status());
      backoff.succeeded();
      nextTryMs = 0;
      ui.execute(() -> {
        if (link.current(gen)) {
          link.showStatus(st);
          stale.set(false);
          gaveUp.set(false);
          if (link.errorProperty().get().startsWith(LOST)) {
            link.errorProperty().set("");
          }
          notices.succeeded(LOST);
          link.answered(c);
        }
      });
    } catch (ControlException | RuntimeException e) {
      long delay = backoff.failed(now);
      long downS = Math.round((now - backoff.failingSinceMs()) / 1000.0);
      if (delay == Backoff.GIVE_UP) {
        ScheduledFuture<?> r = refreshing;
        if (r != null) {
          r.cancel(false);
        }
      } else {
        nextTryMs = now + delay;
      }
      ui.execute(() -> {
        if (!link.current(gen)) {
          return;
        }
        stale.set(true);
        if (delay == Backoff.GIVE_UP) {
          gaveUp.set(true);
          link.showError(LOST + ": no answer for " + downS + " s; stopped trying (last: " + CageLink.message(e)
              + "). Press Retry when it should be back.");
        } else {
          link.errorProperty().set(LOST + ": " + CageLink.message(e) + " (the values shown are from before; trying"
              + " again in " + Math.max(1, Math.round(delay / 1000.0)) + " s)");
        }
      });
    }
  }

  void shutdown() {
    refresher.shutdownNow();
  }

  BooleanProperty staleProperty() {
    return stale;
  }

  BooleanProperty gaveUpProperty() {
    return gaveUp;
  }
}
