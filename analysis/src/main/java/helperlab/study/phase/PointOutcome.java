package helperlab.study.phase;

import com.fasterxml.jackson.annotation.JsonProperty;
import helperlab.workload.DownSpells;
import helperlab.workload.RecoveryMeter;
import helperlab.workload.RegisteredTipping;

/**
 * One run of an operating point judged as the pre-registration judges it, by the criterion registered with it
 * ({@link RegisteredTipping}, not the lab's since issue 43): when it tipped (null: never), when it escaped its first
 * down spell (null: it did not), whether it was down at the end. The meter must carry the hour's spans (60 s window,
 * 120 s hold), the spans the prediction used.
 */
public record PointOutcome(
    @JsonProperty("tipped_at_s") Double tippedAtS,
    @JsonProperty("escaped_at_s") Double escapedAtS,
    @JsonProperty("down_at_end") boolean downAtEnd) {

  public PointOutcome {
    if (escapedAtS != null && (tippedAtS == null || escapedAtS < tippedAtS)) {
      throw new IllegalArgumentException("a run escapes only after it tipped, got tipped at " + tippedAtS
          + " and escaped at " + escapedAtS);
    }
  }

  /** The run judged up to {@code endS} (the end of its arrivals), against {@code capacity}. */
  public static PointOutcome judge(RecoveryMeter meter, RegisteredTipping.Capacity capacity, double endS) {
    if (!meter.spans().equals(RecoveryMeter.Windows.HOUR)) {
      throw new IllegalArgumentException("the operating points are judged with the hour's spans (60 s window, "
          + "120 s hold), this meter has " + meter.spans());
    }
    Double tip = RegisteredTipping.tippedAtS(meter, capacity, endS);
    DownSpells d = DownSpells.of(RegisteredTipping.spells(meter, capacity, endS), endS, null, null);
    return new PointOutcome(tip, d.escapedAtS(), d.downAtEnd());
  }

  public boolean tipped() {
    return tippedAtS != null;
  }

  /** Seconds from tipping to escaping; infinite when it tipped and stayed down, null when it never tipped. */
  public Double downForS() {
    if (tippedAtS == null) {
      return null;
    }
    return escapedAtS == null ? Double.POSITIVE_INFINITY : escapedAtS - tippedAtS;
  }

  /** Seconds to tip, infinite when it never did (censored at the run's end: "not within the exhibit"). */
  public double tipOrInfinity() {
    return tippedAtS == null ? Double.POSITIVE_INFINITY : tippedAtS;
  }
}
