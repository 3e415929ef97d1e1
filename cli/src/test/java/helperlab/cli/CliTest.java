package helperlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.DataFile;
import helperlab.model.RunRecord;
import helperlab.workload.RunTriggers;
import helperlab.workload.ScenarioSpec;
import helperlab.workload.Trigger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line: sim with a record, sweep outputs, help, and clear errors with exit code 2. */
class CliTest {
  @Test
  void simRecordsARunThatLoadsBack(@TempDir Path dir) {
    Path record = dir.resolve("run.json");
    CliRun r = CliRun.of("sim", "--scenario", "calm", "--policy", "box", "--machine", "small", "--seed", "4", "--record",
        record.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("\"met_share\""), r.out());
    RunRecord loaded = RunRecord.load(record);
    assertEquals("box", loaded.policy());
    assertEquals(4, loaded.seed());
    assertTrue(loaded.events().size() > 1000);
    assertTrue(loaded.samples().size() >= 3600);
    assertNull(loaded.trigger(), "a scenario without a trigger records none");
  }

  @Test
  void simRecordsItsScenariosTriggerAndTheRecoveryItPrinted(@TempDir Path dir) throws Exception {
    Trigger slowdown = new Trigger(Trigger.Kind.SLOWDOWN, 600, 120, 0.5);
    Path scenario = dir.resolve("calm-slowdown.json");
    DataFile.write(scenario, ScenarioSpec.named("calm").withTrigger(slowdown));
    Path record = dir.resolve("run.json");
    CliRun r = CliRun.of("sim", "--scenario", scenario.toString(), "--policy", "box", "--machine", "small", "--seed", "4",
        "--record", record.toString());
    assertEquals(0, r.code(), r.err());
    RunRecord loaded = RunRecord.load(record);
    assertEquals(slowdown, RunTriggers.trigger(loaded));
    assertNotNull(RunTriggers.recovery(loaded), "the record keeps the recovery");
    // the recovery kept is the one printed against the time before the trigger (the cage's kind, no twin)
    String printed = r.out().substring(r.out().indexOf("before the trigger:") + "before the trigger:".length());
    assertEquals(DataFile.JSON.readTree(printed), loaded.recovery(), r.out());
  }

  @Test
  void simSaysTheBoxWasDownBeforeItsTriggerInJsonAndWordsAndRecordsIt(@TempDir Path dir) throws Exception {
    Path record = dir.resolve("run.json");
    CliRun r = CliRun.of("sim", "--scenario", "calm+spike", "--policy", "box", "--machine", "cage", "--seed", "0",
        "--record", record.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("\"down_before_trigger\" : true"), r.out());
    assertTrue(r.out().contains("\"recovery_s\" : null"), r.out());
    assertTrue(r.out().contains("the run: never healthy"), r.out());
    assertTrue(r.out().contains("the trigger: down before the trigger (never healthy)"), r.out());
    RunRecord loaded = RunRecord.load(record);
    assertTrue(RunTriggers.recovery(loaded).downBeforeTrigger(), "the record keeps it");
    assertEquals("goodput-while-busy", loaded.tipping().get("criterion").asText(), loaded.tipping().toString());
    assertTrue(loaded.tipping().get("never_healthy").asBoolean(), loaded.tipping().toString());
    assertTrue(loaded.tipping().get("tipped_at_s").isNull(), "never healthy: no tip time; " + loaded.tipping());
    assertTrue(loaded.tipping().get("spells").get(0).get(0).asInt() >= 300, "nothing before the warm-up");
  }

  @Test
  void sweepWritesItsThreeFiles(@TempDir Path dir) throws Exception {
    CliRun r = CliRun.of("sweep", "--scenarios", "calm", "--policies", "pool-edf-10,box", "--machines", "cage", "--seeds", "2",
        "--threads", "2", "--out", dir.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals(2 * 2 + 4 * 2, Files.readAllLines(dir.resolve("runs.jsonl")).size(),
        "4 runs + the admission study's 8 (flat, flat-prices, first-come, none; 2 seeds)");
    String first = Files.readAllLines(dir.resolve("runs.jsonl")).get(0);
    for (String field : new String[] {"scenario", "policy", "machine", "seed", "submitted", "admitted", "refused",
        "met", "late", "spawns", "processes_per_task", "cpu_useful_s", "cpu_spawn_s", "cpu_killed_s", "peak_memory_mb",
        "oom_kills", "lateness_p50_s", "lateness_p99_s", "tipped_at_s", "never_healthy", "helper_start_images"}) {
      assertTrue(first.contains("\"" + field + "\":"), field + " missing in " + first);
    }
    assertTrue(Files.readString(dir.resolve("summary.csv")).startsWith("scenario,policy,machine,admission,runs,met_share_mean"));
    assertTrue(Files.readString(dir.resolve("findings.md")).contains("## The seed's claims, checked"));
    assertTrue(Files.readString(dir.resolve("findings.md")).contains("## Every verdict on both cost bases"));
    assertEquals(12, Files.readAllLines(dir.resolve("measured").resolve("runs.jsonl")).size(), "the same runs on the measured machine");
  }

  @Test
  void anUnknownPolicyIsAClearErrorWithExitCode2() {
    CliRun r = CliRun.of("sim", "--policy", "pool-magic");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("unknown policy 'pool-magic'") && r.err().contains("pool-edf-10"), r.err());
  }

  @Test
  void aBadMachineFileIsAClearError(@TempDir Path dir) throws Exception {
    Path bad = dir.resolve("m.json");
    Files.writeString(bad, "{\"name\": \"m\", \"cores\": 0, \"memory_mb\": 10}");
    CliRun r = CliRun.of("sim", "--machine", bad.toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("m.json") && r.err().contains("cores"), r.err());
  }

  @Test
  void everySubcommandHasHelp() {
    for (String sub : new String[] {"sim", "sweep"}) {
      CliRun r = CliRun.of(sub, "--help");
      assertEquals(0, r.code());
      assertTrue(r.out().contains("Usage: helper-lab " + sub), r.out());
    }
  }

  @Test
  void replayWritesBesideTheRunAndCompareNeedsRealRuns(@TempDir Path dir) throws Exception {
    Path record = dir.resolve("sim-run.json");
    assertEquals(0, CliRun.of("sim", "--scenario", "calm", "--policy", "pool-edf-10", "--seed", "1", "--record",
        record.toString()).code());
    CliRun r = CliRun.of("replay", record.toString());
    assertEquals(0, r.code(), r.err());
    RunRecord replay = RunRecord.load(dir.resolve("sim-run-replay.json"));
    assertEquals(RunRecord.KIND_REPLAY, replay.kind());
    CliRun none = CliRun.of("compare", dir.toString());
    assertEquals(2, none.code());
    assertTrue(none.err().contains("no real run records"), none.err());
    Files.writeString(dir.resolve("broken.json"), "{\"format\": 1, \"id\": ");
    CliRun broken = CliRun.of("compare", dir.toString());
    assertEquals(2, broken.code());
    assertTrue(broken.err().contains("broken.json"), broken.err());
  }

  @Test
  void compareAgainstARepeatFolderPairsTheCommittedRepeatsWithTheirFirstRecording(@TempDir Path out) throws Exception {
    CliRun r = CliRun.of("compare", "lab-runs/amd-2026-12-01a/real", "--against", "lab-runs/amd-2026-12-01a/repeat", "--out", out.toString(), "--no-charts");
    assertEquals(0, r.code(), r.err());
    String md = Files.readString(out.resolve("repeats.md"));
    assertTrue(md.startsWith("# Real runs against the same runs recorded again"), md);
    // the five seed-1 runs of lab-runs/amd-2026-12-01a/repeat, each against its first recording (lab-runs/README.md's table)
    assertEquals(1 + 5, Files.readAllLines(out.resolve("repeats.csv")).size());
    assertTrue(md.contains("| box | 1 | 42 | 21 / 23 ✗ | 191 / 183 | 0 / 0 |"), md);
    assertTrue(md.contains("Tasks turned away agree in **2 of 5** runs"), md);
    String judged = Files.readString(out.resolve("judged.md"));
    assertTrue(judged.contains("| tasks turned away equal | 5 |"), judged);
    assertEquals(md + "\n" + judged, r.out());
  }

  @Test
  void compareEffectsWritesTheSeedsComparisonsRealBesideSimulated(@TempDir Path out) throws Exception {
    CliRun r = CliRun.of("compare", "lab-runs/amd-2026-12-01c/real", "--effects", "--out", out.toString());
    assertEquals(0, r.code(), r.err());
    String md = Files.readString(out.resolve("effects.md"));
    assertEquals(md, r.out());
    assertTrue(md.contains("The best budgeted splitting policy is **split-forecast-budget**"), md);
    // three comparisons x three measures, each over the steady set's three busy seeds
    List<String> csv = Files.readAllLines(out.resolve("effects.csv"));
    assertEquals(1 + 9, csv.size());
    assertTrue(csv.stream().skip(1).allMatch(line -> line.split(",")[3].equals("3")), String.join("\n", csv));
    CliRun both = CliRun.of("compare", "lab-runs/amd-2026-12-01c/real", "--effects", "--against", "lab-runs/amd-2026-12-01c/repeat");
    assertEquals(2, both.code());
    assertTrue(both.err().contains("--against") && both.err().contains("--effects")
        && both.err().contains("mutually exclusive"), both.err());
    Path both2 = Files.createDirectories(out.resolve("twice"));
    Files.copy(Path.of("lab-runs/amd-2026-12-01c/real/real-busy-box-cage-s1-20261201T094809-a8f8.json.gz"),
        both2.resolve("a.json.gz"));
    Files.copy(Path.of("lab-runs/amd-2026-12-01c/repeat/real-busy-box-cage-s1-20261201T102754-c366.json.gz"),
        both2.resolve("b.json.gz"));
    CliRun twice = CliRun.of("compare", both2.toString(), "--effects");
    assertEquals(2, twice.code());
    assertTrue(twice.err().contains("two real runs of"), twice.err());
  }

  @Test
  void compareAgainstAFolderWithoutTheSameTasksIsAClearError(@TempDir Path dir) throws Exception {
    Path record = dir.resolve("sim-run.json");
    assertEquals(0, CliRun.of("sim", "--scenario", "calm", "--policy", "pool-edf-10", "--seed", "1", "--record",
        record.toString()).code());
    CliRun none = CliRun.of("compare", "lab-runs/amd-2026-12-01a/repeat", "--against", dir.toString(), "--no-charts");
    assertEquals(2, none.code());
    assertTrue(none.err().contains("no real run in " + dir) && none.err().contains("same tasks"), none.err());
    CliRun missing = CliRun.of("compare", "lab-runs/amd-2026-12-01a/repeat", "--against", dir.resolve("nowhere").toString());
    assertEquals(2, missing.code());
    assertTrue(missing.err().contains("nowhere is not a folder"), missing.err());
  }

  @Test
  void replayTakesSeveralRunsAndABadOneAmongThemWritesNothing(@TempDir Path dir) throws Exception {
    Path a = dir.resolve("a.json");
    Path b = dir.resolve("b.json");
    assertEquals(0, CliRun.of("sim", "--scenario", "calm", "--policy", "pool-edf-10", "--seed", "1", "--record", a.toString()).code());
    assertEquals(0, CliRun.of("sim", "--scenario", "calm", "--policy", "box", "--seed", "2", "--record", b.toString()).code());
    Path broken = dir.resolve("broken.json");
    Files.writeString(broken, "{\"format\": 1, \"id\": ");
    CliRun bad = CliRun.of("replay", a.toString(), broken.toString(), b.toString());
    assertEquals(2, bad.code());
    assertTrue(bad.err().contains("broken.json"), bad.err());
    assertTrue(Files.notExists(dir.resolve("a-replay.json")), "nothing written when one record is bad");
    CliRun twoOut = CliRun.of("replay", a.toString(), b.toString(), "--out", dir.resolve("x.json").toString());
    assertEquals(2, twoOut.code());
    assertTrue(twoOut.err().contains("--out names one replay, but 2 runs were given"), twoOut.err());
    CliRun both = CliRun.of("replay", a.toString(), b.toString());
    assertEquals(0, both.code(), both.err());
    assertEquals("box", RunRecord.load(dir.resolve("b-replay.json")).policy());
    assertEquals(RunRecord.load(a).metrics(), RunRecord.load(dir.resolve("a-replay.json")).metrics(),
        "a simulated run replays to itself");
  }
}
