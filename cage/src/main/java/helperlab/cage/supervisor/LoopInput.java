package helperlab.cage.supervisor;

import helperlab.cage.store.StoredBatch;
import helperlab.cage.worker.WorkerProcess;
import helperlab.cage.worker.WorkerSignal;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * What the supervisor's thread is handed through its inbox, and nothing else: a worker's frame or exit, a batch
 * offered at the door, or a call made from another thread. Each kind says which of the supervisor's handlers it goes
 * to, so the loop needs no guess at what it took out of the queue. The kinds live here, so the inbox's type names no
 * class above it.
 */
sealed interface LoopInput {
  /** What the loop does with each kind (the supervisor, on its thread). */
  interface Handler {
    void onWorker(WorkerSignal signal);

    Offer decide(StoredBatch batch);
  }

  /** On the supervisor's thread. */
  void handleOn(Handler h);

  /** A frame or an exit of one of the workers. */
  record FromWorker(WorkerSignal signal) implements LoopInput {
    @Override
    public void handleOn(Handler h) {
      h.onWorker(signal);
    }
  }

  /** A stored pending batch, whose decision completes {@code reply}. */
  record Offered(StoredBatch batch, CompletableFuture<Offer> reply) implements LoopInput {
    @Override
    public void handleOn(Handler h) {
      reply.complete(h.decide(batch));
    }
  }

  /** Work handed to the supervisor's thread, and the answer the caller waits for. */
  record Call(Supplier<Object> body, CompletableFuture<Object> reply) implements LoopInput {
    Call(Supplier<Object> body) {
      this(body, new CompletableFuture<>());
    }

    /** On the supervisor's thread: runs the body and hands back its result or its failure. */
    @Override
    public void handleOn(Handler h) {
      try {
        reply.complete(body.get());
      } catch (RuntimeException e) {
        reply.completeExceptionally(e);
      }
    }

    /** On the caller's thread: the body's result, its runtime failure as is, or a plain-words failure. */
    Object await() {
      try {
        return reply.get(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted");
      } catch (ExecutionException e) {
        if (e.getCause() instanceof RuntimeException r) {
          throw r;
        }
        throw new IllegalStateException(e.getCause());
      } catch (TimeoutException e) {
        throw new IllegalStateException("the supervisor did not answer in time");
      }
    }
  }
}
