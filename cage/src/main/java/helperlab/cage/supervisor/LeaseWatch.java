package helperlab.cage.supervisor;

import helperlab.cage.store.LeaseStatus;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The supervisor's ear on its identity's lease: each change said once in the log (its session died and the lock is
 * being taken back, held again), and a lost lease handed to {@code onLost} (which stops every worker on the loop and
 * halts the pool) with why, so the cage stops writing at once.
 */
final class LeaseWatch implements Consumer<LeaseStatus> {
  private static final Logger LOG = LoggerFactory.getLogger(LeaseWatch.class);

  /** A worker's kill cause when the cage lost its identity. */
  static final String LEASE_LOST = "lease-lost";

  private final Consumer<String> onLost;
  private volatile LeaseStatus.State said;

  LeaseWatch(Consumer<String> onLost) {
    this.onLost = onLost;
  }

  @Override
  public void accept(LeaseStatus l) {
    LeaseStatus.State was = said;
    said = l.state();
    switch (l.state()) {
      case HELD -> {
        if (was != null && was != LeaseStatus.State.HELD) {
          LOG.info("cage: the identity's lease is held again (epoch " + l.epoch() + ")");
        }
      }
      case RETAKING -> {
        if (was != LeaseStatus.State.RETAKING) {
          LOG.info("cage: the identity's lease: " + l.why());
        }
      }
      case LOST -> {
        LOG.warn("cage: LEASE LOST: " + l.why() + "; every worker is stopped and the intake answers 503");
        onLost.accept("this cage lost its identity: " + l.why());
      }
    }
  }
}
