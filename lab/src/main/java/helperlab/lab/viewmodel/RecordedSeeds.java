package helperlab.lab.viewmodel;

import helperlab.model.RunRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Stepping seeds through recorded pairs: from the pair on screen to the pair of the nearest recorded seed in the
 * direction asked, among pairs of the same kind (run and replay, or recorded twice) in the same place, of the same
 * policy, scenario, machine and admission. Seeds are read from the records, not from file names.
 */
final class RecordedSeeds {
  private RecordedSeeds() {}

  /** The pair to show next; call off the UI thread (records are read). */
  static RecordedPair next(RecordedPair shown, RunRecord a, int delta, List<RecordedPair> pairs, RunLibrary library) {
    TreeMap<Long, RecordedPair> bySeed = bySeed(shown, a, pairs, library);
    var next = delta > 0 ? bySeed.higherEntry(a.seed()) : bySeed.lowerEntry(a.seed());
    if (next == null) {
      List<Long> seeds = new ArrayList<>(bySeed.keySet());
      throw new IllegalArgumentException("no recorded " + (shown.replay() ? "run with a replay" : "pair") + " of "
          + a.policy() + " on " + a.scenario() + " / " + a.machine().name() + " in " + shown.run().place()
          + " has a seed " + (delta > 0 ? "above " : "below ") + a.seed() + " (seeds recorded there: "
          + seeds.stream().map(String::valueOf).collect(Collectors.joining(", ")) + ")");
    }
    return next.getValue();
  }

  /**
   * Whether a recorded pair like the one shown has a lower and a higher seed (◀ and ▶ are disabled where none has:
   * the last seed is an end, not an error); call off the UI thread.
   */
  static boolean[] around(RecordedPair shown, RunRecord a, List<RecordedPair> pairs, RunLibrary library) {
    TreeMap<Long, RecordedPair> bySeed = bySeed(shown, a, pairs, library);
    return new boolean[] {bySeed.lowerKey(a.seed()) != null, bySeed.higherKey(a.seed()) != null};
  }

  private static TreeMap<Long, RecordedPair> bySeed(RecordedPair shown, RunRecord a, List<RecordedPair> pairs,
      RunLibrary library) {
    TreeMap<Long, RecordedPair> bySeed = new TreeMap<>();
    for (RecordedPair p : pairs) {
      if (p.replay() != shown.replay() || !p.run().place().equals(shown.run().place())) {
        continue;
      }
      RunRecord r = p.equals(shown) ? a : library.load(p.run().stored().file());
      if (r.policy().equals(a.policy()) && r.scenario().equals(a.scenario())
          && r.machine().name().equals(a.machine().name()) && Objects.equals(r.admission(), a.admission())) {
        bySeed.putIfAbsent(r.seed(), p);
      }
    }
    return bySeed;
  }
}
