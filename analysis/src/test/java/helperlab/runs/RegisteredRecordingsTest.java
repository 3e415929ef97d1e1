package helperlab.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.model.EventType;
import helperlab.model.Interference;
import helperlab.model.MachineSpec;
import helperlab.model.RunEvent;
import helperlab.model.RunRecord;
import helperlab.policy.AdmissionMode;
import helperlab.sim.SimResult;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.study.prereg.ExclusionRule;
import helperlab.study.prereg.Model;
import helperlab.study.prereg.OperatingPoint;
import helperlab.study.prereg.PaceGate;
import helperlab.study.prereg.PointClass;
import helperlab.study.prereg.Power;
import helperlab.study.prereg.Prediction;
import helperlab.study.prereg.RegisteredPoint;
import helperlab.study.prereg.Registration;
import helperlab.study.prereg.RunFate;
import helperlab.study.prereg.Scorecard;
import helperlab.study.prereg.VerdictRule;
import helperlab.workload.RecoveryMeter;
import helperlab.workload.RunTriggers;
import helperlab.workload.Tipping;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A registration's folder read back: each real run judged by the outcome-only criterion from its own events and
 * samples as the simulator judged it live, every registered exclusion applied (the pace from the images' CPU), and a
 * recording made before the registration refused by the verdict.
 */
class RegisteredRecordingsTest {
  private static final double EXHIBIT_S = 900;
  private static final String MADE_AT = "2026-12-08T10:00:00Z";
  private static RunRecord sim;
  private static RunFate live;

  /** The box on calm at 0.2 on the default basis, seed 0, a whole exhibit: the record and its fate judged live. */
  @BeforeAll
  static void boxRun() {
    SimSetup setup = SimSetup.of(new OperatingPoint("box", "calm", 0.2).spec(EXHIBIT_S), "box",
        MachineSpec.builtIn("cage"), 0, AdmissionMode.EDF_FIT, Calibration.defaults(), true);
    RecoveryMeter meter = new RecoveryMeter(Model.SPANS);
    SimResult r = new Simulation(setup, meter).run();
    live = RunFate.of(Tipping.course(meter, setup.tippingCapacity(), EXHIBIT_S));
    sim = RunRecords.fromSimulation(r);
  }

  private static Registration registration() {
    Prediction all = new Prediction("host", Collections.nCopies(20, new RunFate(true, 300.0, true, true)));
    RegisteredPoint c1 = new RegisteredPoint("C1", PointClass.COLLAPSED, new OperatingPoint("box", "calm", 0.2), all,
        all, all, all);
    return new Registration(Registration.FORMAT, MADE_AT, "abc", "cal.json", "00", new Registration.HelperStart(5.2,
        13.5), "cage", "edf-fit", EXHIBIT_S, 20, Tipping.CRITERION, "words", VerdictRule.REGISTERED,
        PaceGate.REGISTERED, ExclusionRule.registered(PaceGate.REGISTERED), List.of(c1),
        List.of(Power.of("host", VerdictRule.REGISTERED, List.of(1.0), List.of(1.0))));
  }

  /** The simulated run as the cage would record it, made at {@code at}, the host's share measured and steady. */
  private static RunRecord real(String id, String at, double imagePace) {
    double now = ImagePace.of(sim);
    List<RunEvent> events = sim.events().stream().map(e -> e.type() != EventType.IMAGE_DONE ? e
        : new RunEvent(e.t(), e.type(), e.worker(), e.task(), e.image(), e.value() * imagePace / now, e.note()))
        .toList();
    return sim.toBuilder().id(id).kind(RunRecord.KIND_REAL).offeredLoad(0.2).createdAt(at).events(events)
        .interference(RunTriggers.json(new Interference(100, 95, 0, 1, 2))).build();
  }

  @Test
  void aRecordIsJudgedByTheOutcomeCriterionAsTheSimulatorJudgedItLive() {
    assertTrue(live.collapsed(), "the box at 0.2 on the default basis collapses: " + live);
    assertEquals(live, RegisteredRecordings.fate(sim, EXHIBIT_S));
  }

  @Test
  void theVerdictRefusesARecordingMadeBeforeTheRegistrationAndExcludesTheOffPace(@TempDir Path set) throws Exception {
    Path c1 = Files.createDirectories(set.resolve("stretch-1/points/C1"));
    DataFile.write(c1.resolve("real-early.json.gz"), real("real-early", "2026-12-08T09:59:59Z", 1.0));
    DataFile.write(c1.resolve("real-on-pace.json.gz"), real("real-on-pace", "2026-12-08T11:00:00Z", 1.05));
    DataFile.write(c1.resolve("real-on-pace-replay.json.gz"), sim.toBuilder().id("real-on-pace-replay").build());
    DataFile.write(c1.resolve("real-slow.json.gz"), real("real-slow", "2026-12-08T11:20:00Z", 1.3));
    Registration r = registration();
    Map<String, List<Scorecard.Recorded>> read = RegisteredRecordings.read(set, r);
    assertEquals(List.of("real-early", "real-on-pace", "real-slow"), read.get("C1").stream()
        .map(x -> Path.of(x.id()).getFileName().toString().replace(".json.gz", "")).toList(), "the replay is not one");
    Scorecard.PointScore s = Scorecard.of(r, read).points().get(0);
    assertEquals(List.of("stretch-1/points/C1/real-early.json.gz"),
        s.refused().stream().map(Scorecard.Recorded::id).toList());
    assertEquals(List.of("stretch-1/points/C1/real-on-pace.json.gz"),
        s.kept().stream().map(Scorecard.Recorded::id).toList());
    assertEquals(List.of("off-pace: its images cost ×1.30 their calibrated price: effective load 0.260 against the "
        + "registered 0.2 (±10%)"), s.excluded().get(0).excludedBecause());
    assertEquals(0.26, s.excluded().get(0).effectiveLoad(), 1e-9);
    assertEquals(0.21, s.kept().get(0).effectiveLoad(), 1e-9);
  }

  @Test
  void aStretchWhoseHostWasUnsteadyAndAStarvedRunAreExcludedWithTheirReasons(@TempDir Path set) throws Exception {
    Path c1 = Files.createDirectories(set.resolve("stretch-2/points/C1"));
    Files.writeString(set.resolve("stretch-2/host-notes.txt"), "2026-12-08T12:00:00Z SEEDS=\"0\": this machine's "
        + "speed moved more than 10% after the recordings (see steadiness-after.txt)\n");
    DataFile.write(c1.resolve("real-starved.json.gz"), real("real-starved", "2026-12-08T11:00:00Z", 1.0).toBuilder()
        .interference(RunTriggers.json(new Interference(100, 40, 0, 9, 2))).build());
    List<String> why = RegisteredRecordings.read(set, registration()).get("C1").get(0).excludedBecause();
    assertEquals(2, why.size(), why.toString());
    assertTrue(why.get(0).startsWith("starved: "), why.toString());
    assertEquals("host-unsteady: its stretch's steadiness check found the speed moving", why.get(1));
  }
}
