package helperlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import helperlab.model.DataFile;
import helperlab.model.RunRecord;
import helperlab.policy.PolicyCatalog;
import helperlab.policy.PolicySpec;
import helperlab.runs.RecordedPolicy;
import helperlab.runs.SweepRuns;
import helperlab.study.RunRow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A policy given as a JSON file is kept whole in its run's record, so the record replays as that policy; a file that
 * takes a built-in id for other settings is refused, not run (or replayed) as the built-in.
 */
class PolicyFileCliTest {
  /** A pool taking one image at a time in arrival order, behind a client that re-sends: not one of the built-ins. */
  static final String POOL_FIFO_RETRY = """
      {"id": "pool-fifo-retry", "family": "POOL", "budgeted": true,
       "pool": {"order": "FIFO", "chunk": 1, "idle_timeout_s": 10},
       "client": {"mode": "RETRY", "timeout_fraction": 0.5, "max_attempts": 4, "max_tokens": 10, "token_ratio": 0.1}}
      """;

  @Test
  void aRecordMadeWithAPolicyFileReplaysAsThatPolicy(@TempDir Path dir) throws Exception {
    Path policy = dir.resolve("mine.json");
    Files.writeString(policy, POOL_FIFO_RETRY);
    Path record = dir.resolve("run.json");
    CliRun sim = CliRun.of("sim", "--scenario", "overload", "--policy", policy.toString(), "--machine", "cage", "--seed", "3",
        "--record", record.toString());
    assertEquals(0, sim.code(), sim.err());
    RunRecord recorded = RunRecord.load(record);
    assertEquals("pool-fifo-retry", recorded.policy());
    PolicySpec fromFile = DataFile.read(policy, PolicySpec.class);
    assertEquals(fromFile, RecordedPolicy.of(recorded), "the record keeps the file's whole policy");

    CliRun replay = CliRun.of("replay", record.toString());
    assertEquals(0, replay.code(), replay.err());
    RunRecord replayed = RunRecord.load(dir.resolve("run-replay.json"));
    assertEquals(recorded.metrics().metShare(), replayed.metrics().metShare(), 1e-12,
        "the replay runs the file's policy: the same met share as simulated");
    assertTrue(recorded.metrics().retries() > 0, "the file's client re-sends: " + recorded.metrics());
    assertEquals(recorded.metrics().retries(), replayed.metrics().retries(), "and re-sends as often in the replay");
    assertEquals(fromFile, RecordedPolicy.of(replayed), "the replay's record keeps the policy it ran, too");
  }

  @Test
  void aPolicyFileTakingABuiltInIdIsRefusedInPlainWords(@TempDir Path dir) throws Exception {
    Path policy = dir.resolve("box.json");
    Files.writeString(policy, POOL_FIFO_RETRY.replace("pool-fifo-retry", "box"));
    Path record = dir.resolve("run.json");
    for (String sub : new String[] {"sim", "sweep"}) {
      CliRun r = sub.equals("sim")
          ? CliRun.of("sim", "--policy", policy.toString(), "--record", record.toString())
          : CliRun.of("sweep", "--scenarios", "overload", "--policies", policy.toString(), "--machines", "cage", "--seeds", "1",
              "--out", dir.resolve("sweep").toString());
      assertEquals(2, r.code(), sub + ": " + r.err());
      assertTrue(r.err().contains("box.json") && r.err().contains("'box' is a built-in policy's")
          && r.err().contains("an id of its own"), sub + ": " + r.err());
    }
    assertFalse(Files.exists(record), "nothing recorded under the built-in's name");
    assertFalse(Files.exists(dir.resolve("sweep").resolve("runs.jsonl")));
  }

  @Test
  void aFileThatRepeatsABuiltInExactlyIsThatBuiltIn(@TempDir Path dir) throws Exception {
    Path policy = dir.resolve("box.json");
    DataFile.write(policy, PolicyCatalog.get("box"));
    CliRun r = CliRun.of("sim", "--policy", policy.toString(), "--seed", "1");
    assertEquals(0, r.code(), r.err());
  }

  @Test
  void aSweepRunsAPolicyFileAndKeepsItBesideItsRows(@TempDir Path dir) throws Exception {
    Path policy = dir.resolve("mine.json");
    Files.writeString(policy, POOL_FIFO_RETRY);
    Path out = dir.resolve("sweep");
    CliRun r = CliRun.of("sweep", "--scenarios", "overload", "--policies", "pool-edf-10," + policy, "--machines", "cage",
        "--seeds", "2", "--threads", "2", "--no-admission-study", "--second-calibration", "none", "--out", out.toString());
    assertEquals(0, r.code(), r.err());
    List<RunRow> rows = SweepRuns.read(out);
    List<RunRow> mine = rows.stream().filter(x -> x.policy().equals("pool-fifo-retry")).toList();
    assertEquals(2, mine.size(), "its rows carry the file's id: " + rows);
    assertEquals(DataFile.read(policy, PolicySpec.class), SweepRuns.policy(out, "pool-fifo-retry"));
    assertEquals(PolicyCatalog.get("pool-edf-10"), SweepRuns.policy(out, "pool-edf-10"));

    // the sweep ran the file's policy: its seed 1 is the run sim makes of the file on the same seed
    Path record = dir.resolve("seed1.json");
    assertEquals(0, CliRun.of("sim", "--scenario", "overload", "--policy", policy.toString(), "--machine", "cage", "--seed",
        "1", "--record", record.toString()).code());
    RunRow seed1 = mine.stream().filter(x -> x.seed() == 1).findFirst().orElseThrow();
    assertEquals(RunRecord.load(record).metrics().metShare(), seed1.metrics().metShare(), 1e-12);
    assertTrue(seed1.metrics().retries() > 0, "its client re-sends, as no built-in pool's does: " + seed1.metrics());
  }

  @Test
  void anOldRecordNamingABuiltInIdStillReplaysAndAnUnknownIdWithoutItsSpecSaysSo(@TempDir Path dir) throws Exception {
    Path record = dir.resolve("run.json");
    assertEquals(0, CliRun.of("sim", "--scenario", "calm", "--policy", "pool-edf-10", "--seed", "2", "--record",
        record.toString()).code());
    ObjectNode old = (ObjectNode) DataFile.JSON.readTree(record.toFile());
    old.remove("policy_spec"); // as records were written before the spec was kept
    Files.writeString(record, old.toString());
    CliRun replay = CliRun.of("replay", record.toString());
    assertEquals(0, replay.code(), replay.err());
    assertEquals(PolicyCatalog.get("pool-edf-10"), RecordedPolicy.of(RunRecord.load(dir.resolve("run-replay.json"))));

    old.put("policy", "pool-fifo-retry");
    Files.writeString(record, old.toString());
    CliRun unknown = CliRun.of("replay", record.toString());
    assertEquals(2, unknown.code(), unknown.err());
    assertTrue(unknown.err().contains("'pool-fifo-retry', which is not a built-in policy")
        && unknown.err().contains("keeps only the id"), unknown.err());
  }

  @Test
  void aRecordWhosePolicySpecIsOfAnotherPolicyIsRefusedOnReading(@TempDir Path dir) throws Exception {
    Path record = dir.resolve("run.json");
    assertEquals(0, CliRun.of("sim", "--scenario", "calm", "--policy", "pool-edf-10", "--seed", "2", "--record",
        record.toString()).code());
    ObjectNode r = (ObjectNode) DataFile.JSON.readTree(record.toFile());
    JsonNode spec = DataFile.JSON.valueToTree(PolicyCatalog.get("box"));
    r.set("policy_spec", spec);
    Files.writeString(record, r.toString());
    CliRun replay = CliRun.of("replay", record.toString());
    assertEquals(2, replay.code(), replay.err());
    assertTrue(replay.err().contains("run.json") && replay.err().contains("policy_spec is of policy 'box'"), replay.err());
  }
}
