package helperlab.cage.store;

import java.util.Locale;

/**
 * Where a batch is in its life, stored in {@code batches.state} under its {@link #wire()} name (the names the schema's
 * check allows). Pending until the supervisor decides; admitted until it ends met, late or with every input gone;
 * refused; or let go unjudged (abandoned) or cut short by a restart (cancelled).
 */
public enum BatchState {
  PENDING, ADMITTED, REFUSED, MET, LATE, INPUTS_GONE, ABANDONED, CANCELLED;

  /** As stored and as the intake shows it: "inputs_gone", "met", ... */
  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static BatchState fromWire(String s) {
    for (BatchState b : values()) {
      if (b.wire().equals(s)) {
        return b;
      }
    }
    throw new IllegalArgumentException("no batch state '" + s + "'; known: pending, admitted, refused, met, late,"
        + " inputs_gone, abandoned, cancelled");
  }

  /** Ended: met, late, every input gone, refused, abandoned or cancelled. */
  public boolean finished() {
    return this != PENDING && this != ADMITTED;
  }

  /** Let go with images still queued (they are cancelled with it). */
  public boolean dropsQueuedImages() {
    return this == CANCELLED || this == ABANDONED;
  }
}
