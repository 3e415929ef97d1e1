package helperlab.lab.chart;

import helperlab.workload.Trigger;

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

  /** A trigger whose recovery is not known (or there was none): the window alone. */
  public static TriggerMark of(Trigger t) {
    return new TriggerMark(t.atS(), t.endS(), t.label(), Double.NaN, null);
  }

  public boolean hasBackMarker() {
    return !Double.isNaN(backAtS);
  }
}
