package helperlab.lab.chart;

import helperlab.model.RunTrigger;
import helperlab.sim.Trigger;

/**
 * A trigger's window as the charts shade it ({@code fromS} to {@code toS}, labelled), and where the
 * run was back after it ({@code backAtS}, NaN while not known or never, with its label).
 */
public record TriggerMark(double fromS, double toS, String label, double backAtS, String backLabel) {
  public TriggerMark {
    if (!(toS > fromS)) {
      throw new IllegalArgumentException("a trigger's window must end after it starts: " + fromS + " to " + toS + " s");
    }
  }

  /** A run record's trigger, without a recovery marker. */
  public static TriggerMark of(RunTrigger t) {
    return new TriggerMark(t.atS(), t.endS(), label(t), Double.NaN, null);
  }

  /** "spike x2", or the record's kind as written when it is not a simulator kind. */
  public static String label(RunTrigger t) {
    try {
      return Trigger.of(t).label();
    } catch (IllegalArgumentException e) {
      return t.kind();
    }
  }

  public boolean hasBackMarker() {
    return !Double.isNaN(backAtS);
  }
}
