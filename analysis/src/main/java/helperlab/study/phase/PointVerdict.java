package helperlab.study.phase;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The verdict on one pre-registered operating point from its recordings (the rules of
 * lab-runs/preregistration/phase-points.md, "How the verdict will be judged"):
 * <ul>
 *   <li>starved recordings, and recordings without the cage's CPU share measured, are discarded and counted;</li>
 *   <li>the side of the boundary: a stable point is right when no kept recording tips, a metastable one when every
 *       kept recording tips and is down at the end, a boundary one when the share that tips falls inside its P(tip)
 *       interval; no kept recording: not judged;</li>
 *   <li>each recording's time to tip (and, when it tipped, its time down before escaping) against the simulated
 *       seeds' 95% range: nearest-rank 2.5th to 97.5th percentile (with 20 seeds: their lowest to highest), a run that
 *       did not tip (or escape) within the exhibit counted as infinitely late;</li>
 *   <li>replays judged symmetrically: how often a replay agrees with a recording (the same side: tipped alike and
 *       down at the end alike) against how often two recordings agree with each other, over pairs of the same seed
 *       when a seed was recorded twice, else over all pairs of the point's recordings.</li>
 * </ul>
 */
public record PointVerdict(PreregisteredPoint point, List<Judged> kept, List<Recording> discarded, Side side,
    double[] tipRange, double[] downRange, Replays replays) {

  /**
   * A recording of the point: its seed, outcome, its replay's (null: not replayed), why discarded (null: kept), and
   * the host's pace through it: the run's speed probe over its calibration's (1.2: work took 1.2 times the CPU the
   * calibration prices it at; null: the run has no probe). A replay plays the run at this pace; the registered model
   * did not know it. {@code imagePace}: the same ratio from all the run's images (see {@code runs.ImagePace}; null:
   * not known), reported beside the probe's, which is what the registered rules judge by.
   */
  public record Recording(String id, long seed, PointOutcome real, PointOutcome replay, String discardedBecause,
      Double hostPace, Double imagePace) {
    /** A recording whose host pace is not known. */
    public Recording(String id, long seed, PointOutcome real, PointOutcome replay, String discardedBecause) {
      this(id, seed, real, replay, discardedBecause, null, null);
    }

    /** A recording whose images' pace is not known. */
    public Recording(String id, long seed, PointOutcome real, PointOutcome replay, String discardedBecause,
        Double hostPace) {
      this(id, seed, real, replay, discardedBecause, hostPace, null);
    }
  }

  /** A kept recording with its times judged against the seeds' ranges (null: does not apply). */
  public record Judged(Recording recording, boolean tipInside, Boolean downInside) {}

  public enum Side { RIGHT, WRONG, NOT_JUDGED }

  /**
   * The replays against the recordings and the recordings against each other: pairs that agree of pairs compared,
   * and whether the pairs were of one seed ({@code sameSeed}) or across the point's seeds.
   */
  public record Replays(int replayAgree, int replayPairs, int realAgree, int realPairs, boolean sameSeed) {
    /** Null when either side has no pair; else whether replays agree at least as often as the cage with itself. */
    public Boolean asGoodAsTheCage() {
      if (replayPairs == 0 || realPairs == 0) {
        return null;
      }
      return (double) replayAgree / replayPairs >= (double) realAgree / realPairs;
    }
  }

  /** Judges {@code point} from its recordings against the simulated seeds' outcomes. */
  public static PointVerdict of(PreregisteredPoint point, List<PointOutcome> simSeeds, List<Recording> recordings) {
    if (simSeeds.isEmpty()) {
      throw new IllegalArgumentException("point " + point.id() + " has no simulated seeds to judge times against");
    }
    double[] tipRange = range(simSeeds.stream().map(PointOutcome::tipOrInfinity).toList());
    List<Double> downs = simSeeds.stream().filter(PointOutcome::tipped).map(PointOutcome::downForS).toList();
    double[] downRange = downs.isEmpty() ? null : range(downs);
    List<Judged> kept = new ArrayList<>();
    List<Recording> discarded = new ArrayList<>();
    for (Recording r : recordings) {
      if (r.discardedBecause() != null) {
        discarded.add(r);
        continue;
      }
      boolean tipInside = inside(r.real().tipOrInfinity(), tipRange);
      Boolean downInside = !r.real().tipped() ? null : downRange != null && inside(r.real().downForS(), downRange);
      kept.add(new Judged(r, tipInside, downInside));
    }
    return new PointVerdict(point, kept, discarded, side(point, kept), tipRange, downRange, replays(kept));
  }

  private static Side side(PreregisteredPoint point, List<Judged> kept) {
    if (kept.isEmpty()) {
      return Side.NOT_JUDGED;
    }
    long tipped = kept.stream().filter(j -> j.recording().real().tipped()).count();
    long downAtEnd = kept.stream().filter(j -> j.recording().real().downAtEnd()).count();
    boolean right = switch (point.pointClass()) {
      case STABLE -> tipped == 0;
      case METASTABLE -> tipped == kept.size() && downAtEnd == kept.size();
      case BOUNDARY -> {
        double share = (double) tipped / kept.size();
        yield share >= point.pTipLo() && share <= point.pTipHi();
      }
    };
    return right ? Side.RIGHT : Side.WRONG;
  }

  private static Replays replays(List<Judged> kept) {
    List<Recording> rs = kept.stream().map(Judged::recording).toList();
    boolean sameSeed = false;
    for (int i = 0; i < rs.size() && !sameSeed; i++) {
      for (int j = i + 1; j < rs.size(); j++) {
        sameSeed |= rs.get(i).seed() == rs.get(j).seed();
      }
    }
    int replayAgree = 0;
    int replayPairs = 0;
    int realAgree = 0;
    int realPairs = 0;
    for (int i = 0; i < rs.size(); i++) {
      Recording a = rs.get(i);
      for (int j = 0; j < rs.size(); j++) {
        Recording b = rs.get(j);
        boolean compared = !sameSeed || a.seed() == b.seed();
        // the replay of a against each recording of its seed (its own among them) ...
        if (compared && a.replay() != null && (sameSeed || i == j)) {
          replayPairs++;
          replayAgree += sameSide(a.replay(), b.real()) ? 1 : 0;
        }
        // ... and the recordings against each other, each pair once
        if (compared && j > i) {
          realPairs++;
          realAgree += sameSide(a.real(), b.real()) ? 1 : 0;
        }
      }
    }
    return new Replays(replayAgree, replayPairs, realAgree, realPairs, sameSeed);
  }

  /** Two runs on the same side: both tipped or neither, and both down at the end or neither. */
  static boolean sameSide(PointOutcome a, PointOutcome b) {
    return a.tipped() == b.tipped() && a.downAtEnd() == b.downAtEnd();
  }

  /** The nearest-rank 2.5th and 97.5th percentiles of {@code values} (infinite values allowed). */
  static double[] range(List<Double> values) {
    double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int n = v.length;
    return new double[] {v[Math.max(0, (int) Math.ceil(0.025 * n) - 1)], v[Math.max(0, (int) Math.ceil(0.975 * n) - 1)]};
  }

  static boolean inside(double value, double[] range) {
    return value >= range[0] && value <= range[1];
  }

  public long tipped() {
    return kept.stream().filter(j -> j.recording().real().tipped()).count();
  }

  public long downAtEnd() {
    return kept.stream().filter(j -> j.recording().real().downAtEnd()).count();
  }

  /** The class's rule in words, as phase-points.md states it. */
  public String rule() {
    return switch (point.pointClass()) {
      case STABLE -> "no recording tips";
      case METASTABLE -> "every recording tips and is down at the end";
      case BOUNDARY -> String.format(java.util.Locale.ROOT, "the share that tips is in %.2f-%.2f", point.pTipLo(),
          point.pTipHi());
    };
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PointVerdict v && point.equals(v.point) && kept.equals(v.kept) && discarded.equals(v.discarded)
        && side == v.side && Arrays.equals(tipRange, v.tipRange) && Arrays.equals(downRange, v.downRange)
        && replays.equals(v.replays);
  }

  @Override
  public int hashCode() {
    return point.hashCode() * 31 + side.hashCode();
  }

  @Override
  public String toString() {
    return point.id() + ": " + side + " (" + tipped() + " of " + kept.size() + " kept tipped, " + discarded.size()
        + " discarded)";
  }
}
