package helperlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cage's commands on the command line: help, and bad input as exit code 2 with a clear message. */
class CageCliTest {
  @Test
  void everyCageCommandHasHelp() {
    for (String[] cmd : new String[][] {{"cage"}, {"cage", "serve"}, {"cage", "samples"}, {"cage", "bench"}, {"cage", "steadiness"},
        {"worker"},
        {"ctl"}}) {
      String[] args = java.util.Arrays.copyOf(cmd, cmd.length + 1);
      args[cmd.length] = "--help";
      CliRun r = CliRun.of(args);
      assertEquals(0, r.code(), String.join(" ", args));
      assertTrue(r.out().contains("Usage: helper-lab " + String.join(" ", cmd)), r.out());
    }
  }

  @Test
  void badSettingsExitWithCode2AndSayWhatIsWrong(@TempDir Path dir) {
    CliRun r = CliRun.of("cage", "serve", "--data", dir.toString(), "--policy", "pool-magic");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("helper-lab serve: ") && r.err().contains("unknown policy 'pool-magic'"), r.err());
    r = CliRun.of("cage", "serve", "--data", dir.toString(), "--memory", "lots");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("memory must be a size like 2g"), r.err());
    r = CliRun.of("cage", "serve", "--data", dir.toString(), "--set", "colour=red");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("unknown field 'colour'"), r.err());
    r = CliRun.of("cage", "samples", "--out", dir.toString(), "--count", "0");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("count must be between 1 and 1000"), r.err());
    r = CliRun.of("cage", "steadiness", "--data", dir.toString(), "--seconds", "5", "--window", "3");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--seconds must cover at least two windows of --window seconds"), r.err());
    r = CliRun.of("cage", "steadiness", "--data", dir.toString(), "--tolerance", "0");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--tolerance must be a positive fraction, got 0.0"), r.err());
    r = CliRun.of("cage", "steadiness", "--data", dir.toString(), "--calibration", "lab-runs/amd-2026-12-03-phase-points/calibration/calibration.json", "--pace-tolerance", "-1");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--pace-tolerance must be a positive fraction, got -1.0"), r.err());
    r = CliRun.of("cage", "steadiness", "--data", dir.toString(), "--memory", "lots");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("memory must be a size like 2g"), r.err());
    r = CliRun.of("worker", "--max-pixels", "0");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--max-pixels must be at least 1"), r.err());
  }

  @Test
  void aCalibrationFromAnotherProcessorIsAnotherMachineAndNothingIsMeasured(@TempDir Path dir) throws Exception {
    Path cal = dir.resolve("calibration.json");
    helperlab.model.DataFile.write(cal, helperlab.model.Calibration.load(
        Path.of("lab-runs/amd-2026-12-03-phase-points/calibration/calibration.json")).toBuilder()
        .processor("No Such Processor 9000").build());
    CliRun r = CliRun.of("cage", "steadiness", "--data", dir.resolve("data").toString(), "--calibration", cal.toString());
    assertEquals(5, r.code(), r.out() + r.err());
    assertTrue(r.out().contains("ANOTHER MACHINE: this host's processor is ")
        && r.out().contains(", the calibration's No Such Processor 9000"), r.out());
    assertTrue(!java.nio.file.Files.exists(dir.resolve("data")), "said before anything was measured");
  }

  @Test
  void ctlWithoutACageSaysSoAsJson(@TempDir Path dir) {
    CliRun r = CliRun.withInput("{\"op\":\"status\"}\n", "ctl", "--data", dir.toString());
    assertEquals(3, r.code(), "not reached");
    assertTrue(r.out().startsWith("{\"ok\":false,\"error\":\"no cage is running on"), r.out());
  }
}
