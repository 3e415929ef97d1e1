package helperlab.cage.supervisor;

import helperlab.cage.events.EventStream;
import helperlab.cage.store.CageStore;
import helperlab.cage.store.Checkpointer;
import helperlab.protocol.CageStatusReport;
import helperlab.cage.store.LeaseStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * What the cage runs without, in words: Redis away (no live events) or PostgreSQL away (no durable state), the
 * identity's lease not held. Each dependency is asked with a bound: a server frozen mid-answer is "does not answer
 * within 2 s", never a status that hangs.
 */
final class CageHealth {
  /** How long a question to a dependency may take before it counts as not answering. */
  static final long ASK_MS = 2000;

  private final String redisUrl;
  private final EventStream stream;
  private final CageStore store;
  /** Asks on threads of their own: a frozen server holds one of these, never the caller. */
  private final ExecutorService askers = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "cage-health");
    t.setDaemon(true);
    return t;
  });
  /** Why Redis did not answer at start, null if it did. */
  private volatile String redisAtStart;

  CageHealth(String redisUrl, EventStream stream, CageStore store) {
    this.redisUrl = redisUrl;
    this.stream = stream;
    this.store = store;
  }

  /** Asks Redis once as the cage starts. */
  void probeAtStart() {
    redisAtStart = stream.probe();
  }

  /** Whether {@code question} says yes within {@link #ASK_MS}; false when it says no, fails or takes longer. */
  private boolean within(Supplier<Boolean> question) {
    try {
      return CompletableFuture.supplyAsync(question, askers).get(ASK_MS, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    } catch (Exception e) {
      return false;
    }
  }

  boolean postgresAnswers() {
    return within(store::answersNow);
  }

  boolean redisAnswers() {
    return within(() -> stream.probe() == null);
  }

  /** Empty when all is well; {@code /health} says "degraded" with these. */
  List<String> degraded() {
    List<String> why = new ArrayList<>();
    if (!stream.up() && !redisAnswers()) {
      why.add("Redis at " + redisWhere() + " does not answer (" + (stream.lastError() == null ? "not connected yet"
          : stream.lastError()) + "): live events wait until it does");
    }
    LeaseStatus lease = store.lease();
    if (lease.state() != LeaseStatus.State.HELD) {
      why.add("the identity's lease is " + lease.state().wire() + ": " + lease.why());
    }
    if (!postgresAnswers()) {
      why.add("PostgreSQL at " + store.url() + " does not answer within " + ASK_MS / 1000
          + " s: batches cannot be taken or checkpointed");
    }
    return why;
  }

  /**
   * Off the loop, into a status built on it: a dependency the loop's view holds down (its last write failed) is asked
   * now, so one that is back shows {@code up} at once; how far its writes are behind stays in {@code backlog} and
   * {@code pending}, and {@code catching_up} says the writes have not caught up yet.
   */
  CageStatusReport askNow(CageStatusReport status, Checkpointer checkpointer) {
    CageStatusReport.Postgres pg = status.postgres();
    boolean pgBack = !pg.up() && !checkpointer.fenced() && postgresAnswers();
    if (pgBack) {
      checkpointer.retryNow();
    }
    CageStatusReport.Redis rd = status.redis();
    boolean redisBack = !rd.up() && redisAnswers();
    return status.withServices(
        new CageStatusReport.Postgres(pg.url(), pg.up() || pgBack, pg.backlog(), pg.error(), pg.up(),
            pgBack ? Boolean.TRUE : null),
        new CageStatusReport.Redis(rd.up() || redisBack, rd.pending(), rd.error(), rd.stream(), rd.up(),
            redisBack ? Boolean.TRUE : null));
  }


  /** A warning for the serving line when Redis did not answer at start, else null. */
  String redisWarning() {
    return redisAtStart == null ? null : "WARNING: Redis at " + redisWhere() + " does not answer (" + redisAtStart
        + "): live events are not streamed until it does";
  }

  private String redisWhere() {
    return redisUrl.replaceAll("//[^@/]*@", "//***@");
  }
}
