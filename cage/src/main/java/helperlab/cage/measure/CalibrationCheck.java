package helperlab.cage.measure;

import com.fasterxml.jackson.annotation.JsonProperty;
import helperlab.cage.measure.Calibrator.Point;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a calibration can be trusted, judged from what it recorded: the host read before and after
 * ({@link HostCheck}), the speed probe before and after its cost ladder, and the shape of its
 * concurrency curve. A noisy host turns other people's work into the cage's contention (a quiet host
 * here gave 0.010 per process, a busy one 0.29-0.36), so a doubtful calibration says why and does not
 * replace a good one unless forced ({@link CalibrationShelf}). Kept beside the calibration as
 * {@value #FILE}.
 *
 * @param at when it was judged (the calibration's time)
 * @param quota the cage's cores the calibration was measured for
 * @param hostBefore the host before the calibration
 * @param hostAfter the host after it
 * @param probeBeforeMs the speed probe before the cost ladder
 * @param probeAfterMs the speed probe after it
 * @param doubts why the calibration is doubtful, one sentence each; empty when it is not
 */
public record CalibrationCheck(
    @JsonProperty("at") String at,
    @JsonProperty("quota") double quota,
    @JsonProperty("host_before") HostCheck hostBefore,
    @JsonProperty("host_after") HostCheck hostAfter,
    @JsonProperty("probe_before_ms") double probeBeforeMs,
    @JsonProperty("probe_after_ms") double probeAfterMs,
    @JsonProperty(value = "doubts", required = true) List<String> doubts) {
  /** The file beside {@code calibration.json}. */
  public static final String FILE = "calibration-check.json";
  /** Probes before and after the ladder further apart than this say the machine's speed moved under it. */
  public static final double PROBE_DRIFT = 0.10;
  /**
   * A concurrency curve that falls and then rises again by more than this share of one worker's rate
   * is not the machine's: throughput rises to the quota and then holds or falls as processes contend.
   */
  public static final double CURVE_DIP = 0.10;

  public CalibrationCheck {
    doubts = doubts == null ? List.of() : List.copyOf(doubts);
  }

  public boolean doubtful() {
    return !doubts.isEmpty();
  }

  /** Judges a calibration from its recorded figures. */
  public static CalibrationCheck judge(String at, double quota, HostCheck before, HostCheck after, double probeBeforeMs,
      double probeAfterMs, List<Point> concurrency, double singleRate) {
    List<String> d = new ArrayList<>();
    for (String s : before.doubts(quota)) {
      d.add("before: " + s);
    }
    for (String s : after.doubts(quota)) {
      d.add("after: " + s);
    }
    double drift = probeBeforeMs > 0 ? Math.abs(probeAfterMs / probeBeforeMs - 1) : 0;
    if (drift > PROBE_DRIFT) {
      d.add(String.format(Locale.ROOT, "the speed probe moved %.0f%% during the cost ladder (%.1f ms before, %.1f ms"
          + " after; limit %.0f%%)", 100 * drift, probeBeforeMs, probeAfterMs, 100 * PROBE_DRIFT));
    }
    String dip = dip(concurrency, singleRate);
    if (dip != null) {
      d.add(dip);
    }
    return new CalibrationCheck(at, quota, before, after, probeBeforeMs, probeAfterMs, d);
  }

  /**
   * The first fall-and-rise of the concurrency curve larger than {@value #CURVE_DIP} of one worker's
   * rate, in words, or null when the curve only rises and then holds or falls.
   */
  static String dip(List<Point> levels, double singleRate) {
    double tol = CURVE_DIP * singleRate;
    for (int i = 0; i < levels.size(); i++) {
      Point high = levels.get(i);
      Point low = null;
      for (int j = i + 1; j < levels.size(); j++) {
        Point p = levels.get(j);
        if (low == null || p.y() < low.y()) {
          if (p.y() < high.y() - tol) {
            low = p;
          }
          continue;
        }
        if (p.y() > low.y() + tol) {
          return String.format(Locale.ROOT, "the concurrency curve is not monotonic: %.2f images/s with %s, %.2f"
              + " with %.0f, then %.2f with %.0f (the host's load moved under the ladder)", high.y(),
              high.x() == 1 ? "1 worker" : String.format(Locale.ROOT, "%.0f workers", high.x()), low.y(), low.x(), p.y(),
              p.x());
        }
      }
    }
    return null;
  }

  /** The doubts as one sentence, or "steady" when there are none. */
  public String words() {
    return doubts.isEmpty() ? "steady: " + hostBefore.summary() : String.join("; ", doubts);
  }
}
