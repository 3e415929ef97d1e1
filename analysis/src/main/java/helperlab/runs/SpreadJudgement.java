package helperlab.runs;

import helperlab.model.RunRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Replays judged against real runs that were each recorded twice: per measure, how often the replay
 * agrees with the first recording, with the second, with the spread of the two ({@link
 * AgreementMeasure#agreesWithSpread}), and how often the real cage agrees with itself.
 */
public final class SpreadJudgement {
  /** One run: its two recordings and the replay of the first. */
  public record Triple(RunRecord first, RunRecord second, RunRecord replay) {
    boolean budgeted() {
      return RecordedPolicy.find(first).map(helperlab.policy.PolicySpec::budgeted).orElse(false);
    }
  }

  /** One measure's counts over the runs it applies to. */
  public record Tally(AgreementMeasure measure, int runs, int replayVsFirst, int replayVsSecond, int realVsReal,
      int replayWithinSpread) {
    /** The goal: the replay agrees (by the spread) at least as often as the real cage agrees with itself. */
    public boolean replayAsGoodAsTheCage() {
      return replayWithinSpread >= realVsReal;
    }
  }

  private final List<Triple> triples;

  public SpreadJudgement(List<Triple> triples) {
    this.triples = List.copyOf(triples);
  }

  /** Pairs each repeat with its first recording, and that with its replay (replayed now if none is given). */
  public static SpreadJudgement of(List<RunRecord> firstWithReplays, List<RunRecord> repeats) {
    Map<String, RunRecord> replayOf = Comparison.replayPairs(firstWithReplays).stream()
        .collect(Collectors.toMap(p -> p.left().id(), Comparison.Pair::right, (a, b) -> a));
    List<Triple> triples = new ArrayList<>();
    for (Comparison.Pair p : Comparison.repeatPairs(firstWithReplays, repeats)) {
      triples.add(new Triple(p.left(), p.right(), replayOf.get(p.left().id())));
    }
    return new SpreadJudgement(triples);
  }

  public List<Triple> triples() {
    return triples;
  }

  public List<Tally> tallies() {
    List<Tally> out = new ArrayList<>();
    for (AgreementMeasure m : AgreementMeasure.values()) {
      List<Triple> judged = triples.stream().filter(t -> m.applies(t.budgeted())).toList();
      out.add(new Tally(m, judged.size(),
          count(judged, t -> m.agrees(t.replay().metrics(), t.first().metrics())),
          count(judged, t -> m.agrees(t.replay().metrics(), t.second().metrics())),
          count(judged, t -> m.agrees(t.first().metrics(), t.second().metrics())),
          count(judged, t -> m.agreesWithSpread(t.replay().metrics(), t.first().metrics(), t.second().metrics()))));
    }
    return out;
  }

  public Tally tally(AgreementMeasure m) {
    return tallies().stream().filter(t -> t.measure() == m).findFirst().orElseThrow();
  }

  private static int count(List<Triple> ts, Function<Triple, Boolean> agrees) {
    return (int) ts.stream().filter(agrees::apply).count();
  }

  public String markdown() {
    StringBuilder md = new StringBuilder("# Replays judged against the real runs recorded twice\n\n"
        + "A replay agrees on a measure when it is within the measure's tolerance of either recording, or lies "
        + "between them. The goal: it agrees at least as often as the real cage agrees with itself.\n\n"
        + "| measure | runs | replay vs first | replay vs second | the cage vs itself | replay within the spread | goal |\n"
        + "|---|---:|---:|---:|---:|---:|---|\n");
    for (Tally t : tallies()) {
      md.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %d | %s |%n", t.measure().label(), t.runs(),
          t.replayVsFirst(), t.replayVsSecond(), t.realVsReal(), t.replayWithinSpread(),
          t.replayAsGoodAsTheCage() ? "met" : "missed"));
    }
    return md.toString();
  }
}
