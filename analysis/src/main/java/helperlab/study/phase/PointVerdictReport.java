package helperlab.study.phase;

import java.util.List;
import java.util.Locale;

/** The verdict on all the pre-registered points as a person reads it (verdict.md). */
public record PointVerdictReport(String prereg, String recorded, int simulatedSeeds, String seedsNote,
    List<String> hostNotes, List<PointVerdict> points) {

  public long right() {
    return points.stream().filter(v -> v.side() == PointVerdict.Side.RIGHT).count();
  }

  public long judged() {
    return points.stream().filter(v -> v.side() != PointVerdict.Side.NOT_JUDGED).count();
  }

  public String markdown() {
    StringBuilder b = new StringBuilder("# Verdict on the pre-registered operating points\n\n");
    b.append("Pre-registration: `").append(prereg).append("`; recordings: `").append(recorded).append("`.\n");
    b.append("Judged with the hour's spans (60 s window, 120 s hold; escape = 120 s not down), each recording up to "
        + "its exhibit's end. Times against the range of ").append(simulatedSeeds)
        .append(" simulated seeds (nearest-rank 2.5th-97.5th percentile; \"inf\" = not within the exhibit). ")
        .append(seedsNote).append("\n\n");
    for (String h : hostNotes) {
      b.append("- host: ").append(h).append('\n');
    }
    b.append(String.format(Locale.ROOT, "%n**Side of the boundary predicted right on %d of %d points judged** "
        + "(%d of %d points had a usable recording).%n%n", right(), judged(), judged(), points.size()));
    b.append("| point | class | rule | kept | discarded | tipped | down at end | side | time to tip in range | "
        + "time down in range | replays agree | recordings agree | replays as good as the cage |\n");
    b.append("|---|---|---|---:|---:|---:|---:|---|---|---|---|---|---|\n");
    for (PointVerdict v : points) {
      PointVerdict.Replays r = v.replays();
      b.append(String.format(Locale.ROOT, "| %s | %s | %s | %d | %d | %d | %d | %s | %s | %s | %s | %s | %s |%n",
          v.point().id(), v.point().pointClass().words(), v.rule(), v.kept().size(), v.discarded().size(), v.tipped(),
          v.downAtEnd(), side(v.side()), count(v.kept().stream().filter(PointVerdict.Judged::tipInside).count(),
              v.kept().size()) + " (range " + range(v.tipRange()) + ")",
          downs(v), r.replayPairs() == 0 ? "-" : r.replayAgree() + " of " + r.replayPairs(),
          r.realPairs() == 0 ? "-" : r.realAgree() + " of " + r.realPairs() + (r.sameSeed() ? " (same seed)" : " (across seeds)"),
          r.asGoodAsTheCage() == null ? "not judged" : r.asGoodAsTheCage() ? "yes" : "no"));
    }
    b.append("\n## Recordings\n\n").append(paceWords()).append("\n\n| point | recording | seed | host pace | "
        + "pace by its images | kept | tipped at | escaped at | down at end | tip in range | down in range | "
        + "replay tipped at | replay down at end |\n|---|---|---:|---:|---:|---|---|---|---|---|---|---|---|\n");
    for (PointVerdict v : points) {
      for (PointVerdict.Judged j : v.kept()) {
        PointVerdict.Recording r = j.recording();
        b.append(String.format(Locale.ROOT, "| %s | %s | %d | %s | %s | yes | %s | %s | %s | %s | %s | %s | %s |%n",
            v.point().id(), r.id(), r.seed(), pace(r.hostPace()), pace(r.imagePace()), s(r.real().tippedAtS()),
            s(r.real().escapedAtS()),
            r.real().downAtEnd(),
            j.tipInside() ? "yes" : "no", j.downInside() == null ? "-" : j.downInside() ? "yes" : "no",
            r.replay() == null ? "not replayed" : s(r.replay().tippedAtS()),
            r.replay() == null ? "-" : String.valueOf(r.replay().downAtEnd())));
      }
      for (PointVerdict.Recording r : v.discarded()) {
        // what it measured, for the record; it counts for nothing
        b.append(String.format(Locale.ROOT, "| %s | %s | %d | %s | %s | discarded: %s | %s | %s | %s | | | %s | %s |%n",
            v.point().id(), r.id(), r.seed(), pace(r.hostPace()), pace(r.imagePace()), r.discardedBecause(),
            s(r.real().tippedAtS()),
            s(r.real().escapedAtS()), r.real().downAtEnd(), r.replay() == null ? "not replayed" : s(r.replay().tippedAtS()),
            r.replay() == null ? "-" : String.valueOf(r.replay().downAtEnd())));
      }
    }
    long discarded = points.stream().mapToLong(v -> v.discarded().size()).sum();
    b.append(String.format(Locale.ROOT, "%n%d recordings discarded (starved, unmeasured, off pace, on another machine,"
        + " or not the registered protocol) of %d.%n", discarded,
        discarded + points.stream().mapToLong(v -> v.kept().size()).sum()));
    return b.toString();
  }

  /**
   * How fast the host was through the kept recordings against the calibration every prediction priced work with: the
   * registered model ran at ×1, each replay at its recording's pace.
   */
  private String paceWords() {
    double[] paces = points.stream().flatMap(v -> v.kept().stream()).map(j -> j.recording().hostPace())
        .filter(p -> p != null).mapToDouble(Double::doubleValue).sorted().toArray();
    if (paces.length == 0) {
      return "Host pace: not known (the recordings have no speed probe).";
    }
    return String.format(Locale.ROOT, "Host pace: each run's speed probe over the calibration's, %s to %s across the "
        + "%d kept recordings with a probe (×1.20: an image took 1.2 times the CPU the calibration prices it at). The "
        + "registered model priced work at ×1; each replay plays its recording at the recording's pace. The pace by "
        + "its images is the same ratio from every image of the run's completed batches (their CPU over what the "
        + "calibration prices them at, two workers sharing the machine): reported beside the probe, which the "
        + "rules judge by.",
        pace(paces[0]), pace(paces[paces.length - 1]), paces.length);
  }

  static String pace(Double p) {
    return p == null ? "-" : String.format(Locale.ROOT, "×%.2f", p);
  }

  private static String side(PointVerdict.Side s) {
    return switch (s) {
      case RIGHT -> "right";
      case WRONG -> "**missed**";
      case NOT_JUDGED -> "not judged (no usable recording)";
    };
  }

  private static String downs(PointVerdict v) {
    List<PointVerdict.Judged> tipped = v.kept().stream().filter(j -> j.downInside() != null).toList();
    if (tipped.isEmpty()) {
      return "-";
    }
    return count(tipped.stream().filter(PointVerdict.Judged::downInside).count(), tipped.size()) + " (range "
        + (v.downRange() == null ? "none: no seed tipped" : range(v.downRange())) + ")";
  }

  private static String count(long of, long n) {
    return of + " of " + n;
  }

  static String range(double[] r) {
    return s(r[0]) + "-" + s(r[1]) + " s";
  }

  private static String s(Double v) {
    if (v == null) {
      return "-";
    }
    return v.isInfinite() ? "inf" : String.format(Locale.ROOT, "%.0f", v);
  }
}
