package helperlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bar drawn when there is a terminal and nothing when there is none; the calibration's and the deploy's lines
 * read as steps. (That a real terminal gets it, and --quiet or a pipe nothing: {@link ProgressOnTerminalTest}.)
 */
class TerminalProgressTest {
  @Test
  void aBarShowsTheShareDoneTheCountAndAnEstimateAndEndsItsLine() {
    StringWriter err = new StringWriter();
    try (TerminalProgress bar = TerminalProgress.start(new PrintWriter(err, true), true, "sweep", 4, "runs")) {
      bar.stepTo(2);
      bar.stepTo(1); // a late report from another thread: the bar keeps the furthest
      bar.stepTo(4);
    }
    String drawn = err.toString();
    assertTrue(drawn.contains("sweep 100%") && drawn.contains("4/4 runs"), drawn);
    assertTrue(drawn.matches("(?s).*\\(\\d+:\\d\\d:\\d\\d / \\d+:\\d\\d:\\d\\d\\).*"), "elapsed / estimate: " + drawn);
    assertTrue(drawn.endsWith(System.lineSeparator()), "the next output starts on a line of its own: " + drawn.replace("\r", "<CR>").replace("\n", "<NL>"));
  }

  @Test
  void withoutATerminalNothingIsDrawnAndLinesGoAsThey() {
    StringWriter err = new StringWriter();
    StringWriter out = new StringWriter();
    try (TerminalProgress bar = TerminalProgress.start(new PrintWriter(err, true), false, "sweep", 4, "runs")) {
      bar.stepTo(4);
      bar.line(new PrintWriter(out, true), "wrote x");
    }
    assertEquals("", err.toString());
    assertEquals("wrote x" + System.lineSeparator(), out.toString());
  }

  @Test
  void aLinePrintedUnderWayClearsTheBarFirst() {
    StringWriter err = new StringWriter();
    PrintWriter errWriter = new PrintWriter(err, true);
    try (TerminalProgress bar = TerminalProgress.start(errWriter, true, "replay", 2, "runs")) {
      bar.step();
      bar.draw();
      bar.line(errWriter, "wrote a-replay.json");
      bar.step();
    }
    String drawn = err.toString();
    int line = drawn.indexOf("wrote a-replay.json");
    assertTrue(line > 0, drawn);
    assertTrue(drawn.substring(0, line).endsWith("\r"), "the bar's line is blanked and the cursor back at its start");
  }

  @Test
  void commandsRunWithoutATerminalPrintNoBar(@TempDir Path dir) {
    // the tests' output is not a terminal (System.console() is null), as a pipe or a log file is not
    CliRun r = CliRun.of("sweep", "--scenarios", "calm", "--policies", "pool-edf-10", "--machines", "cage", "--seeds", "2",
        "--no-admission-study", "--second-calibration", "none", "--out", dir.toString());
    assertEquals(0, r.code(), r.err());
    assertEquals("", r.err());
  }

  @Test
  void theCalibrationsLinesAreItsStepsInOrder() {
    CalibrationSteps steps = new CalibrationSteps(1.5); // a ladder of 6 levels
    assertEquals(6 + 6 + 2 + 1, steps.total());
    List<Long> seen = new ArrayList<>();
    for (String line : List.of("the host before: steady", "calibrating in: cgroup v1 ...", "worker start-up (median of 12): ...",
        "    0.3 MP      12 ms ±    1  (peak +  10 MiB)", "speed probe 101.0 ms before the ladder, 102.0 ms after",
        "preset thumb (long edge 200): 0.9 x web's cost; ...", "a fresh worker's images by position (12 workers) ...",
        "cost curve: 40.1 · MP^0.800 ms ...", "  1 worker(s): 5.00 images/s (1.00 x one worker)",
        "  2 worker(s): 7.50 images/s (1.50 x one worker)", "  5 workers would need 3000 MiB: the concurrency ladder stops here",
        "contention: 0.0100 per runnable process past 1.50 cores", "the host after: steady", "warning: something",
        "steady: nothing in the host or the curves puts this calibration in doubt")) {
      long done = steps.doneAfter(line);
      if (done >= 0) {
        seen.add(done);
      }
    }
    assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 12L, 13L, 14L, 15L), seen);
  }

  @Test
  void theDeploysCopyIsABarOnATerminalAndTenLinesElsewhere() {
    List<String> said = List.of("connected to u@h; remote directory helper-lab",
        "copying helper-lab.jar (30000 KiB) over SFTP", "copied 10% of 29.3 MiB", "copied 50% of 29.3 MiB",
        "copied 100% of 29.3 MiB", "waiting for the cage to answer status");
    StringWriter onTerminal = new StringWriter();
    try (DeployLines lines = new DeployLines(new PrintWriter(onTerminal, true), true)) {
      said.forEach(lines);
    }
    String t = onTerminal.toString();
    assertTrue(t.contains("deploy: copying helper-lab.jar") && t.contains("copying 100%") && t.contains("30000/30000 KiB"), t);
    assertFalse(t.contains("copied 50%"), "the bar, not a line per share: " + t);
    assertTrue(t.contains("deploy: waiting for the cage"), t);

    StringWriter piped = new StringWriter();
    try (DeployLines lines = new DeployLines(new PrintWriter(piped, true), false)) {
      said.forEach(lines);
    }
    StringBuilder expected = new StringBuilder();
    said.forEach(l -> expected.append("deploy: ").append(l).append(System.lineSeparator()));
    assertEquals(expected.toString(), piped.toString(), "as before: a line each, no bar");
  }
}
