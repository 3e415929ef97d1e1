package helperlab.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import helperlab.model.RunRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The model judged on a set it has not seen (issue 19): 30 runs (calm, busy, overload × the steady set's five
 * policies × two new seeds) recorded twice by {@code scripts/record-heldout} after the model was frozen, and
 * replayed only then. A replay agrees on a measure when it is within tolerance of either recording or between
 * them ({@link AgreementMeasure#agreesWithSpread}).
 *
 * <p>Which set tuned the model and which did not: {@link #TUNED_ON} did (every finding 21-25 was fixed against
 * it; its floors in {@link LabRunsFidelityTest} are what was measured, a ratchet, not a verdict). {@link #SET}
 * did not: its verdict is the frozen model's committed replays judged against both recordings, written down once
 * in {@link #FROZEN_VERDICT}. The set is recorded in phases (real/, then repeat/, then judged): what is committed
 * is held to the protocol, and what is not yet there is skipped, saying so.
 */
class HeldOutFidelityTest {
  /** The one place that names the held-out set's folder (scripts/record-heldout's default SET is the same). */
  static final Path SET = Path.of("lab-runs", "held-out");
  /** The set the model was tuned on. */
  static final Path TUNED_ON = Path.of("lab-runs", "amd-2026-12-01c");
  static final Set<String> SCENARIOS = Set.of("calm", "busy", "overload");

  /**
   * The frozen model's verdict on the held-out set, from its judged.md when the set is committed: replays within
   * the two recordings' spread on turned away (of 30), spawns (of 24 budgeted runs) and met (of 30). Not a floor
   * to tune towards: the measurement of a model that had not seen the set, written down once. null: not yet.
   */
  static final int[] FROZEN_VERDICT = {20, 16, 15};

  private static final Map<Path, List<RunRecord>> LOADED = new ConcurrentHashMap<>();
  private static final Pattern SEED_IN_NAME = Pattern.compile("-s(\\d+)-\\d{8}T");

  private static void assumeCommitted() {
    Assumptions.assumeTrue(Files.isDirectory(SET.resolve("real")), "no held-out set is committed at " + SET
        + " yet: scripts/record-heldout records it after the model is frozen (lab-runs/README.md); nothing to judge");
  }

  /** The recordings committed so far: real/ first, then repeat/ (the set is recorded in phases, a host each). */
  private static List<String> recordings() {
    return Stream.of("real", "repeat").filter(r -> Files.isDirectory(SET.resolve(r))).toList();
  }

  /** PHASE=judge has run: it writes the replays and compare.md, only after both recordings. */
  private static boolean judged() {
    return Files.exists(SET.resolve("compare.md"));
  }

  private static void assumeJudged() {
    assumeCommitted();
    Assumptions.assumeTrue(judged(), SET + " is recorded as far as " + recordings() + " and not judged yet: "
        + "PHASE=judge replays it with the frozen model after both recordings (lab-runs/README.md)");
  }

  private static List<RunRecord> records(Path dir) {
    return LOADED.computeIfAbsent(dir, d -> {
      try (Stream<Path> files = Files.list(d)) {
        return files.filter(f -> f.getFileName().toString().endsWith(".json.gz")).sorted().map(RunRecord::load).toList();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }

  private static List<RunRecord> real(Path dir) {
    return records(dir).stream().filter(r -> RunRecord.KIND_REAL.equals(r.kind())).toList();
  }

  /** The seeds a set's recordings played, from their file names (a run id carries its seed). */
  private static Set<Long> seedsRecordedIn(Path set) throws IOException {
    try (Stream<Path> files = Files.walk(set)) {
      Set<Long> seeds = new TreeSet<>();
      files.map(f -> SEED_IN_NAME.matcher(f.getFileName().toString())).filter(Matcher::find)
          .forEach(m -> seeds.add(Long.parseLong(m.group(1))));
      return seeds;
    }
  }

  @Test
  void theSetFollowsTheProtocolOnSeedsTheTuningSetNeverPlayed() throws IOException {
    assumeCommitted();
    Set<Long> seeds = real(SET.resolve("real")).stream().map(RunRecord::seed).collect(Collectors.toCollection(TreeSet::new));
    assertEquals(2, seeds.size(), "two seeds: " + seeds);
    Set<Long> tuning = seedsRecordedIn(TUNED_ON);
    assertTrue(tuning.stream().noneMatch(seeds::contains), "the held-out seeds " + seeds + " were played by " + TUNED_ON
        + " (" + tuning + ")");
    assertTrue(!judged() || recordings().size() == 2, "judged before both recordings were made: " + recordings());
    String readme = Files.readString(SET.resolve("README.md"));
    for (String recording : recordings()) {
      assertTrue(readme.contains("- `" + recording + "/` complete"), SET.resolve("README.md")
          + " does not say " + recording + "/ is complete (a recording cut short is not a recording)");
      List<RunRecord> runs = real(SET.resolve(recording));
      assertEquals(30, runs.size(), "real runs in " + SET.resolve(recording));
      Set<String> played = runs.stream().map(r -> r.scenario() + " " + r.policy() + " s" + r.seed()).collect(Collectors.toSet());
      assertEquals(30, played.size(), "each scenario x policy x seed once in " + recording);
      assertEquals(SCENARIOS, runs.stream().map(RunRecord::scenario).collect(Collectors.toSet()));
      assertEquals(LabRunsFidelityTest.POLICIES, runs.stream().map(RunRecord::policy).collect(Collectors.toSet()));
      for (RunRecord r : runs) {
        assertNotNull(r.speedProbeMs(), r.id() + " has no speed probe");
        assertNotNull(r.stopS(), r.id() + " has no hard stop");
        assertEquals("edf-fit", r.admission(), r.id());
      }
    }
    assertTrue(Pattern.compile("Frozen model: commit `[0-9a-f]{40}`").matcher(readme).find(),
        SET.resolve("README.md") + " must name the frozen model's commit");
  }

  /**
   * The freeze rule: no run is replayed before both recordings are made (so none can steer the second). Before
   * the verdict there is no replay in the set; after it, the README's judging time is later than each recording's end.
   */
  @Test
  void nothingIsReplayedBeforeBothRecordingsAreMade() throws IOException {
    assumeCommitted();
    if (!judged()) {
      for (String recording : recordings()) {
        List<String> replays = records(SET.resolve(recording)).stream().filter(r -> RunRecord.KIND_REPLAY.equals(r.kind()))
            .map(RunRecord::id).toList();
        assertEquals(List.of(), replays, "replays in " + SET.resolve(recording) + " before the set was judged");
      }
      return;
    }
    String readme = Files.readString(SET.resolve("README.md"));
    Instant judgedAt = stamp(readme, "Judged (\\S+Z) with jar");
    for (String recording : List.of("real", "repeat")) {
      Instant complete = stamp(readme, "- `" + recording + "/` complete (\\S+Z),");
      assertTrue(judgedAt.isAfter(complete), "judged at " + judgedAt + ", before " + recording + "/ was complete at " + complete);
    }
  }

  private static Instant stamp(String readme, String pattern) {
    Matcher m = Pattern.compile(pattern).matcher(readme);
    assertTrue(m.find(), SET.resolve("README.md") + " has no line matching " + pattern);
    return Instant.parse(m.group(1));
  }

  @Test
  void everyRunHasTheFrozenModelsReplayBesideIt() {
    assumeJudged();
    for (String recording : List.of("real", "repeat")) {
      Set<String> replayed = records(SET.resolve(recording)).stream().filter(r -> RunRecord.KIND_REPLAY.equals(r.kind()))
          .map(RunRecord::replayOf).collect(Collectors.toSet());
      for (RunRecord r : real(SET.resolve(recording))) {
        assertTrue(replayed.contains(r.id()), "no committed replay of " + r.id() + " in " + SET.resolve(recording));
      }
    }
  }

  /**
   * The committed replays are the frozen model's and stay so (scripts/refresh-replays leaves this set alone):
   * judged against both recordings they give the verdict written down, exactly.
   */
  @Test
  void theFrozenModelsVerdictIsTheOneWrittenDown() {
    assumeJudged();
    SpreadJudgement judged = SpreadJudgement.of(records(SET.resolve("real")), real(SET.resolve("repeat")));
    String table = judged.markdown();
    assertEquals(30, judged.triples().size(), table);
    if (FROZEN_VERDICT == null) {
      fail("the held-out set is committed but its verdict is not written down: set FROZEN_VERDICT to the replays "
          + "within the spread below (and the same figures in lab-runs/README.md)\n" + table);
    }
    assertEquals(FROZEN_VERDICT[0], judged.tally(AgreementMeasure.TURNED_AWAY).replayWithinSpread(), table);
    assertEquals(FROZEN_VERDICT[1], judged.tally(AgreementMeasure.SPAWNS).replayWithinSpread(), table);
    assertEquals(FROZEN_VERDICT[2], judged.tally(AgreementMeasure.MET).replayWithinSpread(), table);
  }

  /**
   * The model as it is now, replaying the held-out runs afresh. Once the verdict is read, the set is no longer
   * held out for any later change: from then on the frozen verdict is a floor, a ratchet like the tuning set's.
   */
  @Test
  void theModelNowAgreesOnTheHeldOutSetAtLeastAsOftenAsTheFrozenOneDid() {
    assumeJudged();
    Assumptions.assumeTrue(FROZEN_VERDICT != null, "the frozen model's verdict is not written down yet");
    List<SpreadJudgement.Triple> fresh = new ArrayList<>();
    for (SpreadJudgement.Triple t : SpreadJudgement.of(records(SET.resolve("real")), real(SET.resolve("repeat"))).triples()) {
      fresh.add(new SpreadJudgement.Triple(t.first(), t.second(), Replay.of(t.first())));
    }
    SpreadJudgement now = new SpreadJudgement(fresh);
    String table = now.markdown();
    assertTrue(now.tally(AgreementMeasure.TURNED_AWAY).replayWithinSpread() >= FROZEN_VERDICT[0], table);
    assertTrue(now.tally(AgreementMeasure.SPAWNS).replayWithinSpread() >= FROZEN_VERDICT[1], table);
    assertTrue(now.tally(AgreementMeasure.MET).replayWithinSpread() >= FROZEN_VERDICT[2], table);
  }
}
