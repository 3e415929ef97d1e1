package helperlab.runs;

import helperlab.model.RunMetrics;
import helperlab.model.RunRecord;
import helperlab.policy.PolicyCatalog;
import helperlab.policy.PolicySpec;
import helperlab.study.Interval;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The seed's comparisons measured on a set of real runs, as paired differences over the scenario × seed
 * pairs (every policy of a pair played the same tasks), real beside simulated: the replays of the same runs.
 * pool-edf-10 minus the best budgeted splitting policy (claim 1), the box minus never-split-budget (claim 2),
 * split-forecast-budget-yield minus pool-edf-10 (claim 3). Does the simulator predict each real effect's sign,
 * and its size within its interval?
 */
public final class EffectSizes {
  static final String POOL = "pool-edf-10";
  static final String BOX = "box";
  static final String NEVER_SPLIT = "never-split-budget";
  static final String YIELD = "split-forecast-budget-yield";

  /** A comparison: {@code left} minus {@code right}, and the seed's claim it checks. */
  public record Contrast(String left, String right, String claim) {}

  /** One scenario × seed: each policy's real run and replay. */
  private record PairCell(String scenario, long seed, Map<String, Comparison.Pair> byPolicy) {}

  private final List<PairCell> cells;
  private final String bestSplitting;
  private final List<Contrast> contrasts = new ArrayList<>();
  private final List<PairedEffect> effects = new ArrayList<>();
  private final List<String> notComputed = new ArrayList<>();

  private EffectSizes(List<PairCell> cells) {
    this.cells = cells;
    this.bestSplitting = bestBudgetedSplitting().orElse(null);
    if (bestSplitting != null) {
      contrasts.add(new Contrast(POOL, bestSplitting, "1: a plain earliest-deadline pool meets more deadlines than splitting"));
    } else {
      notComputed.add(POOL + " minus the best budgeted splitting policy: no budgeted non-yield splitting policy was played");
    }
    contrasts.add(new Contrast(BOX, NEVER_SPLIT, "2: without a global worker budget, splitting falls over"));
    contrasts.add(new Contrast(YIELD, POOL, "3: yield brings splitting level with the pool"));
    for (Contrast c : contrasts) {
      List<PairCell> both = cells.stream()
          .filter(p -> p.byPolicy().containsKey(c.left()) && p.byPolicy().containsKey(c.right())).toList();
      if (both.size() < 2) {
        notComputed.add(String.format(Locale.ROOT, "%s minus %s: %d scenario x seed pair(s) played both, an interval needs 2",
            c.left(), c.right(), both.size()));
        continue;
      }
      for (EffectMeasure m : EffectMeasure.values()) {
        effects.add(PairedEffect.of(c.left(), c.right(), m, both.stream().map(p -> new PairedEffect.Cell(p.scenario(),
            p.seed(), m.value(real(p, c.left())), m.value(real(p, c.right())), m.value(sim(p, c.left())),
            m.value(sim(p, c.right())))).toList()));
      }
    }
  }

  /**
   * Every real run in {@code records} with its replay (replayed now when the folder has none), grouped by
   * scenario and seed. A folder with two recordings of one policy, scenario and seed, or whose runs of one
   * scenario and seed did not play the same tasks, is refused: the differences would not be paired.
   */
  public static EffectSizes of(List<RunRecord> records) {
    // checked on the real runs first, so a folder that cannot be paired is refused before anything is replayed
    check(records);
    Map<String, PairCell> cells = new TreeMap<>();
    for (Comparison.Pair p : Comparison.replayPairs(records)) {
      RunRecord r = p.left();
      cells.computeIfAbsent(cellKey(r), k -> new PairCell(r.scenario(), r.seed(), new TreeMap<>())).byPolicy().put(r.policy(), p);
    }
    return new EffectSizes(List.copyOf(cells.values()));
  }

  /**
   * Refuses, before anything is replayed, a folder whose real runs cannot be paired: two recordings of one policy,
   * scenario and seed, or runs of one scenario and seed that did not play the same tasks.
   */
  public static void check(List<RunRecord> records) {
    Map<String, RunRecord> firstOfCell = new TreeMap<>();
    Map<String, RunRecord> seen = new TreeMap<>();
    for (RunRecord r : records) {
      if (!RunRecord.KIND_REAL.equals(r.kind())) {
        continue;
      }
      RunRecord twin = seen.put(cellKey(r) + "\u0000" + r.policy(), r);
      if (twin != null) {
        throw new IllegalArgumentException("two real runs of " + r.policy() + " on " + r.scenario() + " seed " + r.seed() + ": "
            + twin.id() + " and " + r.id() + "; effect sizes take one recording of each (a set's real/ or repeat/)");
      }
      RunRecord other = firstOfCell.putIfAbsent(cellKey(r), r);
      if (other != null && !other.tasks().equals(r.tasks())) {
        throw new IllegalArgumentException(r.id() + " and " + other.id() + " played different tasks on " + r.scenario()
            + " seed " + r.seed() + ", so their difference is not paired");
      }
    }
  }

  /** Scenario, then seed in numeric order. */
  private static String cellKey(RunRecord r) {
    return r.scenario() + "\u0000" + String.format(Locale.ROOT, "%019d", r.seed());
  }

  private static RunMetrics real(PairCell c, String policy) {
    return c.byPolicy().get(policy).left().metrics();
  }

  private static RunMetrics sim(PairCell c, String policy) {
    return c.byPolicy().get(policy).right().metrics();
  }

  /**
   * The rule, stated before any real outcome is looked at: of the budgeted policies that split without
   * yielding (the seed's claim 1 sets the yield policies apart; claim 3 is theirs) played beside pool-edf-10,
   * the one whose replays meet the most deadlines on average over the pairs with the pool; then fewer spawns
   * in the replays; then the id.
   */
  Optional<String> bestBudgetedSplitting() {
    List<String> candidates = cells.stream().flatMap(c -> c.byPolicy().keySet().stream()).distinct()
        .filter(EffectSizes::budgetedNonYieldSplitting).toList();
    Comparator<String> best = Comparator.<String>comparingDouble(p -> -meanReplayed(p, EffectMeasure.MET))
        .thenComparingDouble(p -> meanReplayed(p, EffectMeasure.SPAWNS)).thenComparing(Comparator.naturalOrder());
    return candidates.stream().filter(p -> !Double.isNaN(meanReplayed(p, EffectMeasure.MET))).min(best);
  }

  private static boolean budgetedNonYieldSplitting(String policy) {
    if (!PolicyCatalog.has(policy)) {
      return false;
    }
    PolicySpec s = PolicyCatalog.get(policy);
    return s.budgeted() && s.splits() && !s.split().yieldToUrgent();
  }

  private double meanReplayed(String policy, EffectMeasure m) {
    return cells.stream().filter(c -> c.byPolicy().containsKey(policy) && c.byPolicy().containsKey(POOL))
        .mapToDouble(c -> m.value(sim(c, policy))).average().orElse(Double.NaN);
  }

  public List<PairedEffect> effects() {
    return List.copyOf(effects);
  }

  /** The best budgeted splitting policy by the stated rule, if one was played. */
  public Optional<String> bestSplitting() {
    return Optional.ofNullable(bestSplitting);
  }

  /** Comparisons that could not be made, each with its reason. */
  public List<String> notComputed() {
    return List.copyOf(notComputed);
  }

  public PairedEffect effect(String left, String right, EffectMeasure m) {
    return effects.stream().filter(e -> e.left().equals(left) && e.right().equals(right) && e.measure() == m).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no effect " + left + " minus " + right + " on " + m.label()));
  }

  public String csv() {
    StringBuilder sb = new StringBuilder("left,right,measure,pairs,real_mean,real_lo,real_hi,sim_mean,sim_lo,sim_hi,"
        + "sign_predicted,real_within_sim,sim_within_real\n");
    for (PairedEffect e : effects) {
      sb.append(String.format(Locale.ROOT, "%s,%s,%s,%d,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%b,%b,%b%n", e.left(), e.right(),
          e.measure().column(), e.cells().size(), e.real().mean(), e.real().lo(), e.real().hi(), e.sim().mean(),
          e.sim().lo(), e.sim().hi(), e.signPredicted(), e.realWithinSim(), e.simWithinReal()));
    }
    return sb.toString();
  }

  public String markdown() {
    StringBuilder md = new StringBuilder("# Effect sizes: the seed's comparisons, real beside simulated\n\n");
    md.append("Each comparison is one policy minus another on the same tasks, paired over the scenario x seed pairs both "
        + "played: the mean difference and its 95% interval, Student's t on the paired differences with n - 1 degrees "
        + "of freedom (n pairs). Real: the recorded runs; simulated: their replays. Met share is in points of the tasks "
        + "submitted. Sign predicted: the simulated mean has the real mean's sign.\n\n");
    md.append(bestSplitting == null ? "" : "The best budgeted splitting policy is **" + bestSplitting
        + "**, chosen on the replays, never on the real runs: of the budgeted policies that split without yielding, the "
        + "one whose replays meet the most deadlines on average over the pairs with pool-edf-10 (then fewer spawns).\n\n");
    if (!effects.isEmpty()) {
      md.append("| comparison | claim | measure | pairs | real [95% CI] | simulated [95% CI] | sign predicted "
          + "| real within simulated CI | simulated within real CI |\n|---|---|---|---:|---|---|---|---|---|\n");
    }
    for (PairedEffect e : effects) {
      md.append(String.format(Locale.ROOT, "| %s minus %s | %s | %s | %d | %s | %s | %s | %s | %s |%n", e.left(), e.right(),
          claim(e), e.measure().label(), e.cells().size(), ci(e.real()), ci(e.sim()), yes(e.signPredicted()),
          yes(e.realWithinSim()), yes(e.simWithinReal())));
    }
    for (String reason : notComputed) {
      md.append("\nNot computed: ").append(reason).append('.');
    }
    md.append(notComputed.isEmpty() ? "\n" : "\n\n");
    Map<String, List<PairedEffect>> byContrast = new LinkedHashMap<>();
    effects.forEach(e -> byContrast.computeIfAbsent(e.left() + " minus " + e.right(), k -> new ArrayList<>()).add(e));
    byContrast.forEach((name, list) -> {
      md.append("## ").append(name).append(", pair by pair (real / simulated)\n\n| scenario | seed |");
      list.forEach(e -> md.append(' ').append(e.measure().label()).append(" |"));
      md.append("\n|---|---:|").append("---|".repeat(list.size())).append('\n');
      for (int i = 0; i < list.get(0).cells().size(); i++) {
        PairedEffect.Cell c0 = list.get(0).cells().get(i);
        md.append("| ").append(c0.scenario()).append(" | ").append(c0.seed()).append(" |");
        for (PairedEffect e : list) {
          PairedEffect.Cell c = e.cells().get(i);
          md.append(String.format(Locale.ROOT, " %s / %s |", num(c.realDifference()), num(c.simDifference())));
        }
        md.append('\n');
      }
      md.append('\n');
    });
    return md.toString();
  }

  private String claim(PairedEffect e) {
    return contrasts.stream().filter(c -> c.left().equals(e.left()) && c.right().equals(e.right())).map(Contrast::claim)
        .findFirst().orElse("");
  }

  private static String ci(Interval i) {
    return String.format(Locale.ROOT, "%s [%s, %s]", num(i.mean()), num(i.lo()), num(i.hi()));
  }

  private static String num(double v) {
    String s = String.format(Locale.ROOT, "%.1f", v);
    return s.equals("-0.0") ? "0.0" : s;
  }

  private static String yes(boolean b) {
    return b ? "yes" : "**no**";
  }
}
