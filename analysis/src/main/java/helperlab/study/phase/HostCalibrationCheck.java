package helperlab.study.phase;

import java.util.List;
import java.util.Locale;

/**
 * After the fact, not registered: the pre-registered points simulated again with the calibration the cage recorded
 * them with. The registration predicted with the default calibration; a point's offered load is relative to each
 * calibration's capacity, while start-up and per-image costs relative to that capacity differ between them. This
 * says whether the host's own model would have put a point on another side, and whether the recordings' times fall
 * in its ranges; it changes no verdict.
 */
public record HostCalibrationCheck(String calibration, List<Row> rows) {

  /**
   * One point: the seeds simulated with the default calibration and with the host's, the point's recordings judged
   * against the host's seeds, and the host's seeds at the recordings' pace (null: no recording had a speed probe).
   */
  public record Row(PreregisteredPoint point, List<PointOutcome> defaultSeeds, List<PointOutcome> hostSeeds,
      PointVerdict withHost, Paced paced) {}

  /**
   * The same seeds on the host's calibration with the work costing what it cost at the pace the host ran the point's
   * kept recordings at (their median speed probe over the calibration's), arrivals and forecasts as before: the host
   * the recordings met, not the one the calibration measured.
   */
  public record Paced(double pace, List<PointOutcome> seeds) {
    /** The median host pace of the kept recordings that have one; null when none has. */
    public static Double medianOf(List<PointVerdict.Recording> recordings) {
      double[] paces = recordings.stream().filter(r -> r.discardedBecause() == null && r.hostPace() != null)
          .mapToDouble(PointVerdict.Recording::hostPace).sorted().toArray();
      if (paces.length == 0) {
        return null;
      }
      int m = paces.length / 2;
      return paces.length % 2 == 1 ? paces[m] : (paces[m - 1] + paces[m]) / 2;
    }
  }

  public String markdown() {
    StringBuilder b = new StringBuilder("\n## After the fact: the points on the recording host's calibration\n\n");
    b.append("Not part of the registered verdict above. The registration simulated each point with the default "
        + "calibration; the cage played the same offered loads relative to its own calibration (`").append(calibration)
        .append("`). The same seeds simulated with that calibration:\n\n");
    b.append("| point | class | registered P(tip) | tipped, default calibration | tipped, host calibration | host's "
        + "time-to-tip range | recordings' time to tip in the host's range | tipped, host calibration at the "
        + "recordings' pace |\n|---|---|---|---|---|---|---|---|\n");
    for (Row r : rows) {
      PointVerdict v = r.withHost();
      long inRange = v.kept().stream().filter(PointVerdict.Judged::tipInside).count();
      b.append(String.format(Locale.ROOT, "| %s | %s | %.2f-%.2f | %s | %s | %s | %s | %s |%n", r.point().id(),
          r.point().pointClass().words(), r.point().pTipLo(), r.point().pTipHi(), tipped(r.defaultSeeds()),
          tipped(r.hostSeeds()), PointVerdictReport.range(v.tipRange()),
          v.kept().isEmpty() ? "-" : inRange + " of " + v.kept().size(),
          r.paced() == null ? "-" : tipped(r.paced().seeds()) + " (" + PointVerdictReport.pace(r.paced().pace()) + ")"));
    }
    return b.toString();
  }

  private static String tipped(List<PointOutcome> seeds) {
    return seeds.stream().filter(PointOutcome::tipped).count() + " of " + seeds.size();
  }
}
