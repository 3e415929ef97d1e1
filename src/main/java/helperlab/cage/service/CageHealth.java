package helperlab.cage.service;

import helperlab.cage.events.EventStream;
import helperlab.cage.store.CageStore;
import java.util.ArrayList;
import java.util.List;

/** What the cage runs without, in words: Redis away (no live events) or PostgreSQL away (no durable state). */
final class CageHealth {
  private final String redisUrl;
  private final EventStream stream;
  private final CageStore store;
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

  /** Empty when all is well; {@code /health} says "degraded" with these. */
  List<String> degraded() {
    List<String> why = new ArrayList<>();
    if (!stream.up()) {
      why.add("Redis at " + redisWhere() + " does not answer (" + (stream.lastError() == null ? "not connected yet"
          : stream.lastError()) + "): live events wait until it does");
    }
    helperlab.cage.store.LeaseStatus lease = store.lease();
    if (lease.state() != helperlab.cage.store.LeaseStatus.State.HELD) {
      why.add("the identity's lease is " + lease.state().wire() + ": " + lease.why());
    }
    if (!store.ping()) {
      why.add("PostgreSQL at " + store.url() + " does not answer: batches cannot be taken or checkpointed");
    }
    return why;
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
