package helperlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real sweep in a process of its own: on a pseudo-terminal (util-linux {@code script}) its stderr gets a progress
 * bar with an estimate and its stdout stays as it was; with {@code --quiet}, or with its output in a pipe, stderr gets
 * nothing.
 */
class ProgressOnTerminalTest {
  private static final String BAR = "sweep 100% [";

  @Test
  void onATerminalTheSweepDrawsABarOnStderr(@TempDir Path dir) throws Exception {
    Ran r = onTerminal(dir, false);
    assertTrue(r.err().contains(BAR) && r.err().contains("4/4 runs"), "stderr: " + r.err());
    assertTrue(r.err().matches("(?s).*\\(\\d+:\\d\\d:\\d\\d / \\d+:\\d\\d:\\d\\d\\).*"), "elapsed / estimate: " + r.err());
    assertTrue(r.terminal().contains("4 runs in ") && !r.terminal().contains(BAR), "stdout on the terminal: " + r.terminal());
  }

  @Test
  void quietOnATerminalDrawsNothing(@TempDir Path dir) throws Exception {
    Ran r = onTerminal(dir, true);
    assertEquals("", r.err());
    assertTrue(r.terminal().contains("4 runs in "), r.terminal());
  }

  @Test
  void withItsOutputInAPipeTheSweepDrawsNothing(@TempDir Path dir) throws Exception {
    List<String> cmd = new ArrayList<>(java());
    cmd.addAll(sweep(dir));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(5, TimeUnit.MINUTES));
    assertEquals(0, p.exitValue(), err);
    assertEquals("", err);
    assertTrue(out.contains("4 runs in "), out);
  }

  private record Ran(String terminal, String err) {}

  /** Runs the sweep with stdin and stdout on a pseudo-terminal, its stderr to a file (System.console() is set). */
  private static Ran onTerminal(Path dir, boolean quiet) throws IOException, InterruptedException {
    Path err = dir.resolve("err.txt");
    List<String> args = new ArrayList<>(java());
    args.addAll(sweep(dir));
    if (quiet) {
      args.add("--quiet");
    }
    StringBuilder line = new StringBuilder();
    for (String a : args) {
      line.append('\'').append(a.replace("'", "'\\''")).append("' ");
    }
    line.append("2>'").append(err).append('\'');
    Process p = new ProcessBuilder("script", "-qec", line.toString(), "/dev/null").redirectErrorStream(true).start();
    p.getOutputStream().close();
    String terminal = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(5, TimeUnit.MINUTES));
    assertEquals(0, p.exitValue(), terminal + Files.readString(err));
    return new Ran(terminal, Files.readString(err, StandardCharsets.UTF_8));
  }

  private static List<String> java() {
    return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
        System.getProperty("java.class.path"), "-Djava.awt.headless=true", Main.class.getName());
  }

  private static List<String> sweep(Path dir) {
    return List.of("sweep", "--scenarios", "calm,busy", "--policies", "pool-edf-10,box", "--machines", "cage", "--seeds", "1",
        "--no-admission-study", "--second-calibration", "none", "--threads", "2", "--out",
        dir.resolve("out").toString());
  }
}
