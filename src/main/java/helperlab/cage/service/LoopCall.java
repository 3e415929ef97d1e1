package helperlab.cage.service;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/** Work handed to the supervisor's thread through its inbox, and the answer the caller waits for. */
record LoopCall(Function<Supervisor, Object> body, CompletableFuture<Object> reply) implements LoopInput {
  LoopCall(Function<Supervisor, Object> body) {
    this(body, new CompletableFuture<>());
  }

  /** On the supervisor's thread: runs the body and hands back its result or its failure. */
  @Override
  public void handleOn(LoopInput.Handler h) {
    Supervisor s = h.self();
    try {
      reply.complete(body.apply(s));
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
