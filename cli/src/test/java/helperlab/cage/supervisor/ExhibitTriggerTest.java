package helperlab.cage.supervisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.TestImages;
import helperlab.cage.image.SampleLibrary;
import helperlab.model.EventType;
import helperlab.model.PresetCatalog;
import helperlab.model.RunEvent;
import helperlab.model.RunRecord;
import helperlab.model.Task;
import helperlab.runs.Replay;
import helperlab.workload.ArrivalGenerator;
import helperlab.workload.Recovery;
import helperlab.workload.RunTriggers;
import helperlab.workload.ScenarioSpec;
import helperlab.workload.Trigger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exhibits with a trigger on a real, capped cage: a spike comes as the simulator's extra arrivals (and
 * its replay plays the same tasks), a slowdown lowers the cgroup's CPU quota for its window and puts it
 * back, and a bad trigger is refused naming its field.
 */
@Tag("slow") // exhibits on a real cage
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ExhibitTriggerTest {
  CageHarness cage;
  /** The CPU quota file as read right after each change the slowdown made (on the supervisor's loop). */
  final List<String> quotaSeen = new CopyOnWriteArrayList<>();

  @BeforeAll
  void start(@TempDir Path data) throws Exception {
    cage = CageHarness.start(data, Map.of("cgroup", "auto", "cpus", 1.5, "memory", "2g"));
    Assumptions.assumeTrue(cage.supervisor.cage.cpuCapped(),
        "this machine does not let this process make cgroups: " + cage.supervisor.cage.status());
    cage.supervisor.cpuCapWatch = cores -> {
      try {
        quotaSeen.add(Files.readString(cage.supervisor.cage.cpuQuotaFile()).trim());
      } catch (java.io.IOException e) {
        quotaSeen.add("unreadable: " + e.getMessage());
      }
    };
  }

  @AfterAll
  void stop() throws Exception {
    if (cage != null) {
      cage.close();
    }
  }

  private JsonNode one(String request) throws Exception {
    List<JsonNode> lines = cage.ctl(request);
    assertEquals(1, lines.size(), request + " -> " + lines);
    return lines.get(0);
  }

  private RunRecord exhibit(String request) throws Exception {
    JsonNode done = one(request);
    assertTrue(done.get("ok").asBoolean(), done.toString());
    assertTrue(done.has("recovery"), "the answer carries the recovery: " + done);
    return RunRecord.load(cage.data.resolve("runs").resolve(done.get("run").asText() + ".json"));
  }

  @Test
  void aSpikeIsTheSimulatorsExtraArrivalsAndTheReplayPlaysTheSameTasks() throws Exception {
    Trigger spike = new Trigger(Trigger.Kind.SPIKE, 2, 4, 2);
    RunRecord r = exhibit("{\"op\":\"exhibit\",\"policy\":\"pool-edf-10\",\"scenario\":\"calm\",\"seed\":5,"
        + "\"duration_s\":8,\"grace_s\":30,\"trigger\":{\"kind\":\"spike\",\"at_s\":2,\"duration_s\":4,\"size\":2},"
        + "\"wait\":true}");
    assertEquals(spike, RunTriggers.trigger(r), "the record keeps the trigger");
    Recovery recovery = RunTriggers.recovery(r);
    assertNotNull(recovery, "and the recovery from it");
    // the simulator's arrivals for this scenario, seed and machine with the spike laid over them
    ScenarioSpec cut = ScenarioSpec.builtIn("calm").withDuration(8);
    ArrivalGenerator plain = new ArrivalGenerator(cut, r.machine(), r.calibration(), PresetCatalog.defaults());
    List<Task> base = plain.generate(5);
    List<Task> expected = new ArrivalGenerator(cut.withTrigger(spike), r.machine(), r.calibration(),
        PresetCatalog.defaults()).generate(5);
    assertTrue(expected.size() > base.size(), "seed 5's spike adds batches (else this test shows nothing): "
        + expected.size() + " against " + base.size());
    assertEquals(expected.size(), r.tasks().size(), "the exhibit played the spiked arrivals");
    SampleLibrary lib = TestImages.library();
    for (int i = 0; i < expected.size(); i++) {
      Task want = expected.get(i);
      Task got = r.tasks().get(i);
      assertEquals(want.arrivalS(), got.arrivalS());
      assertEquals(want.deadlineS(), got.deadlineS());
      assertEquals(want.preset(), got.preset());
      assertEquals(want.images().size(), got.images().size());
      for (int k = 0; k < want.images().size(); k++) {
        assertEquals(lib.nearest(want.images().get(k).megapixels()).width(), got.images().get(k).width());
      }
    }
    RunRecord replay = Replay.of(r);
    assertEquals(r.tasks(), replay.tasks(), "the replay plays the very tasks the cage played");
    assertEquals(spike, RunTriggers.trigger(replay));
    assertNotNull(RunTriggers.recovery(replay), "and measures its recovery the same way");
    assertEquals(spike, Replay.setupFor(r).trigger());
  }

  @Test
  void aSlowdownLowersTheCpuQuotaForItsWindowAndRestoresIt() throws Exception {
    Path quota = cage.supervisor.cage.cpuQuotaFile();
    String full = Files.readString(quota).trim();
    assertTrue(full.startsWith("150000"), "the cage's 1.5 cores: " + full);
    quotaSeen.clear();
    RunRecord r = exhibit("{\"op\":\"exhibit\",\"policy\":\"pool-edf-10\",\"scenario\":\"calm\",\"seed\":3,"
        + "\"duration_s\":4,\"grace_s\":30,\"trigger\":{\"kind\":\"slowdown\",\"at_s\":1,\"duration_s\":2,\"size\":0.5},"
        + "\"wait\":true}");
    assertEquals(2, quotaSeen.size(), "lowered once and restored once: " + quotaSeen);
    assertTrue(quotaSeen.get(0).startsWith("75000"), "half the quota in the window: " + quotaSeen);
    assertEquals(full, quotaSeen.get(1), "the whole quota after it");
    assertEquals(full, Files.readString(quota).trim(), "and still after the exhibit");
    assertEquals(1.0, one("{\"op\":\"status\"}").get("cpu_share").asDouble(), "status: the whole share again");
    List<RunEvent> caps = r.events().stream().filter(e -> e.type() == EventType.CPU_CAP).toList();
    assertEquals(2, caps.size(), "both changes are events of the run: " + caps);
    assertEquals(0.75, caps.get(0).value(), 1e-9);
    assertEquals(1.5, caps.get(1).value(), 1e-9);
    assertTrue(caps.get(0).t() >= 1, "not before the window: " + caps.get(0));
    assertEquals(new Trigger(Trigger.Kind.SLOWDOWN, 1, 2, 0.5), Replay.setupFor(r).trigger(),
        "the replay's simulation gets the same slowdown");
  }

  @Test
  void aBadTriggerIsRefusedNamingItsField() throws Exception {
    String head = "{\"op\":\"exhibit\",\"policy\":\"box\",\"scenario\":\"calm\",\"duration_s\":10,\"trigger\":";
    expectError(head + "{\"kind\":\"quake\",\"at_s\":1,\"duration_s\":2,\"size\":1}}", "trigger.kind must be one of");
    expectError(head + "{\"kind\":\"spike\",\"at_s\":1,\"duration_s\":2}}", "size");
    expectError(head + "{\"kind\":\"spike\",\"at_s\":1,\"duration_s\":-2,\"size\":1}}", "trigger.duration_s must be > 0");
    expectError(head + "{\"kind\":\"slowdown\",\"at_s\":1,\"duration_s\":2,\"size\":1}}", "below 1");
    expectError(head + "{\"kind\":\"spike\",\"at_s\":10,\"duration_s\":2,\"size\":1}}", "trigger.at_s must be before");
    expectError(head + "{\"kind\":\"cost_jump\",\"at_s\":1,\"duration_s\":2,\"size\":1}}", "cost_jump is not played");
    expectError(head + "\"now\"}", "trigger must be an object");
    assertEquals("live", one("{\"op\":\"status\"}").get("run").get("kind").asText(), "no exhibit was started");
  }

  private void expectError(String request, String phrase) throws Exception {
    JsonNode r = one(request);
    assertFalse(r.get("ok").asBoolean(), r.toString());
    assertTrue(r.get("error").asText().contains(phrase), r + " should say " + phrase);
  }
}
