package helperlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.model.Interference;
import helperlab.model.MachineSpec;
import helperlab.model.RunRecord;
import helperlab.policy.AdmissionMode;
import helperlab.runs.RunRecords;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.study.prereg.ExclusionRule;
import helperlab.study.prereg.OperatingPoint;
import helperlab.study.prereg.PaceGate;
import helperlab.study.prereg.PointClass;
import helperlab.study.prereg.Power;
import helperlab.study.prereg.Prediction;
import helperlab.study.prereg.RegisteredPoint;
import helperlab.study.prereg.Registration;
import helperlab.study.prereg.RunFate;
import helperlab.study.prereg.VerdictRule;
import helperlab.workload.RecoveryMeter;
import helperlab.workload.RunTriggers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code register}'s bad input in words, and {@code verdict --registration} refusing a recording made before it. */
class RegisterCliTest {
  @Test
  void registerWithoutItsCalibrationFileSaysSo(@TempDir Path dir) {
    CliRun r = CliRun.of("register", "--calibration", dir.resolve("nope.json").toString(), "--out", dir.toString());
    assertEquals(2, r.code());
    assertEquals("helper-lab register: no calibration file at " + dir.resolve("nope.json"), r.err().strip());
  }

  @Test
  void aRegistrationOnceMadeIsNotOverwritten(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("points.json"), "{}");
    CliRun r = CliRun.of("register", "--calibration", "lab-runs/amd-2026-12-03-phase-points/calibration/calibration.json",
        "--out", dir.toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("points.json exists: a registration is frozen once made"), r.err());
  }

  @Test
  void theVerdictRefusesARecordingMadeBeforeTheRegistration(@TempDir Path set) throws Exception {
    Prediction all = new Prediction("host", Collections.nCopies(20, new RunFate(true, 300.0, true, true)));
    Registration reg = new Registration(Registration.FORMAT, "2026-12-08T10:00:00Z", "abc", "cal.json", "00",
        new Registration.HelperStart(5.2, 13.5), "cage", "edf-fit", 300, 20, "goodput-while-busy", "words",
        VerdictRule.REGISTERED, PaceGate.REGISTERED, ExclusionRule.registered(PaceGate.REGISTERED),
        List.of(new RegisteredPoint("C1", PointClass.COLLAPSED, new OperatingPoint("box", "calm", 0.2), all, all, all,
            all)), List.of(Power.of("host", VerdictRule.REGISTERED, List.of(1.0), List.of(1.0))));
    Path file = set.resolve("points.json");
    DataFile.write(file, reg);
    SimSetup setup = SimSetup.of(new OperatingPoint("box", "calm", 0.2).spec(300), "box", MachineSpec.builtIn("cage"),
        0, AdmissionMode.EDF_FIT, Calibration.defaults(), true);
    RunRecord run = RunRecords.fromSimulation(new Simulation(setup, new RecoveryMeter()).run()).toBuilder()
        .id("real-early").kind(RunRecord.KIND_REAL).offeredLoad(0.2).createdAt("2026-12-08T09:30:00Z")
        .interference(RunTriggers.json(new Interference(100, 95, 0, 1, 2))).build();
    Path points = Files.createDirectories(set.resolve("stretch-1/points/C1"));
    DataFile.write(points.resolve("real-early.json.gz"), run);
    CliRun r = CliRun.of("verdict", set.toString(), "--registration", file.toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().contains("| C1 | stretch-1/points/C1/real-early.json.gz | 2026-12-08T09:30:00Z |"), r.out());
    assertTrue(r.out().contains("refused: made before the registration (2026-12-08T10:00:00Z)"), r.out());
    assertTrue(r.out().contains("**Host model: right on 0 of 0 judged points"), r.out());
    assertEquals(r.out(), Files.readString(set.resolve("verdict.md")));
  }

  @Test
  void aRealRegistrationMeetsItsPowerAndExitsZero(@TempDir Path dir) {
    CliRun r = CliRun.of("register", "--calibration", "lab-runs/preregistration-2/calibration/calibration.json",
        "--out", dir.toString(), "--policies", "box", "--loads", "0.05,0.1,0.2,0.3,0.9", "--min-points", "4", "-q");
    assertEquals(ExitCodes.OK, r.code(), r.err());
    assertTrue(r.out().startsWith("4 points registered at ") && !r.out().contains("under the 90% target"), r.out());
  }

  @Test
  void codeThreeCannotComeFromTheRegisteredRule() {
    // every chosen point is decided (P at most 0.2 or at least 0.8): judged on 5 recordings, a perfect model's worst
    // case is every point at its band's edge; it stays over the target, so code 3 guards only a changed rule
    for (List<Double> truth : List.of(List.of(0.0), List.of(1.0), List.of(0.0, 1.0, 0.1, 0.9))) {
      Power worst = Power.atTheBandsEdge(VerdictRule.REGISTERED, truth);
      assertTrue(worst.expectedScore() >= Power.TARGET, worst.toString());
      assertEquals(ExitCodes.OK, RegisterCommand.exitFor(worst));
    }
  }
}
