package helperlab.cage.supervisor;

import helperlab.cage.run.CageRun;
import helperlab.cage.run.StorageGuard;
import helperlab.cage.store.BatchState;
import helperlab.cage.store.CageStore;
import helperlab.cage.store.Checkpoint;
import helperlab.cage.store.LeaseStatus;
import helperlab.cage.store.StoredBatch;
import helperlab.cage.store.ValidBatch;
import helperlab.policy.AdmissionDecision;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Where a batch that passed the door is offered: stored as pending first (so nothing admitted lives
 * only in memory), decided on the supervisor's thread, and the decision made durable before it is
 * answered. Called from any thread.
 */
final class OfferHandler {
  private final CageStore store;
  private final Path outbox;
  private final Consumer<LoopInput> toLoop;
  private final BooleanSupplier stopping;
  private final StorageGuard storage;

  OfferHandler(CageStore store, Path outbox, Consumer<LoopInput> toLoop, BooleanSupplier stopping, StorageGuard storage) {
    this.storage = storage;
    this.store = store;
    this.outbox = outbox;
    this.toLoop = toLoop;
    this.stopping = stopping;
  }

  Offer offer(ValidBatch b) {
    if (stopping.getAsBoolean()) {
      return Offer.Unavailable.of(-1, 5, "the cage is stopping");
    }
    if (storage.paused()) {
      return Offer.Unavailable.of(-1, Math.ceil(storage.retryInS()), storage.refusal());
    }
    LeaseStatus lease = store.lease();
    if (lease.state() == LeaseStatus.State.LOST) {
      return Offer.Unavailable.of(-1, 60, "this cage lost its identity and takes no batch: " + lease.why());
    }
    StoredBatch stored;
    try {
      stored = store.insertPending(b, outbox);
    } catch (SQLException e) {
      return Offer.Unavailable.of(-1, 5, "PostgreSQL at " + store.url() + " is unavailable (" + e.getMessage()
          + "): no batch is promised without it");
    }
    CompletableFuture<Offer> reply = new CompletableFuture<>();
    toLoop.accept(new LoopInput.Offered(stored, reply));
    Offer o;
    try {
      o = reply.get(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Offer.Unavailable.of(stored.id(), 5, "interrupted");
    } catch (ExecutionException | TimeoutException e) {
      return Offer.Unavailable.of(stored.id(), 5, "the supervisor did not answer in time");
    }
    if (o instanceof Offer.Unavailable) {
      try {
        store.setBatchState(stored.id(), BatchState.ABANDONED); // not decided (an exhibit is on): nobody was promised it
      } catch (SQLException e) {
        // left pending: the next start abandons it
      }
      return o;
    }
    SQLException last = null;
    for (int attempt = 0; attempt < 3; attempt++) {
      try {
        store.recordDecision(stored.id(), o.runId(), o.task(), o.admitted(), o.reason(),
            o instanceof Offer.Refused r ? r.retryAfterS() : o.admitted() ? 0 : -1);
        return o;
      } catch (SQLException e) {
        last = e;
        try {
          Thread.sleep(200L << attempt);
        } catch (InterruptedException ie) {
          Thread.currentThread().interrupt();
          break;
        }
      }
    }
    if (o.admitted()) {
      return new Offer.Unavailable(stored.id(), o.runId(), o.task(), 5,
          "admitted, but the database could not record it (" + last.getMessage() + "); resend it");
    }
    return o;
  }

  /** On the supervisor's thread: the run's answer to a stored batch, and the batch's new state in the next checkpoint. */
  static Offer decide(CageRun run, Checkpoint checkpoint, StoredBatch b) {
    if (run.isExhibit()) {
      double left = Math.max(1, run.exhibit().stopS - run.now());
      return Offer.Unavailable.of(b.id(), Math.ceil(left), "an exhibit is running");
    }
    AdmissionDecision d = run.offer(b);
    int task = run.lastTaskId();
    if (d.admitted()) {
      checkpoint.batchRun(b.id(), run.id, task);
      checkpoint.batchState(b.id(), BatchState.ADMITTED, null);
      return new Offer.Admitted(b.id(), run.id, task);
    }
    checkpoint.batchRun(b.id(), run.id, task);
    checkpoint.batchState(b.id(), BatchState.REFUSED, run.context().clock().instant());
    return d.retryAfterS() < 0 ? new Offer.NeverFits(b.id(), run.id, task, d.reason())
        : new Offer.Refused(b.id(), run.id, task, d.retryAfterS(), d.reason());
  }
}
