package helperlab.cage.supervisor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.measure.CalibrationMain;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An exhibit asked for while a calibration runs is refused in plain words, and accepted once the
 * calibration has ended. The calibration's child process is held with SIGSTOP (the test's latch: it
 * is running, for as long as the test wants) and ended with SIGKILL, so nothing waits on a clock.
 */
class CalibrationGuardTest {
  @TempDir Path data;

  @Test
  void anExhibitIsRefusedWhileACalibrationRunsAndAcceptedAfter() throws Exception {
    try (CageHarness cage = CageHarness.start(data, Map.of())) {
      await("the sample library").atMost(Duration.ofSeconds(120)).until(() -> cage.supervisor.samples() != null);
      CompletableFuture<List<JsonNode>> calibration = CompletableFuture.supplyAsync(() -> {
        try {
          return cage.ctl("{\"op\":\"calibrate\",\"quick\":true}");
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
      ProcessHandle child = await("the calibration's child process").atMost(Duration.ofSeconds(60))
          .pollInterval(Duration.ofMillis(20)).until(() -> {
            assertFalse(calibration.isDone(), () -> "the calibration ended before the test held it: " + calibration.join());
            return calibrationChild();
          }, h -> h != null);
      signal("STOP", child);
      try {
        JsonNode refused = cage.ctl(exhibit()).get(0);
        assertFalse(refused.path("ok").asBoolean(true), "an exhibit during a calibration: " + refused);
        assertEquals("a calibration is running on this cage; start the exhibit when it ends",
            refused.path("error").asText());
        assertEquals("live", cage.status().path("run").path("kind").asText(), "no exhibit was started");
      } finally {
        child.descendants().forEach(d -> signal("KILL", d));
        signal("KILL", child);
      }
      List<JsonNode> lines = calibration.get(60, TimeUnit.SECONDS);
      JsonNode last = lines.get(lines.size() - 1);
      assertFalse(last.path("ok").asBoolean(true), "the killed calibration says it failed: " + lines);
      assertTrue(last.path("error").asText().startsWith("the calibration failed"), last.toString());

      JsonNode accepted = cage.ctl(exhibit()).get(0);
      assertTrue(accepted.path("ok").asBoolean(), "an exhibit after the calibration: " + accepted);
      await("the exhibit ends").atMost(Duration.ofSeconds(120)).pollInterval(Duration.ofMillis(100))
          .until(() -> cage.status().path("run").path("kind").asText(), "live"::equals);
    }
  }

  private static String exhibit() {
    return "{\"op\":\"exhibit\",\"policy\":\"pool-edf-10\",\"scenario\":\"calm\",\"seed\":1,\"duration_s\":1,\"grace_s\":5}";
  }

  private static ProcessHandle calibrationChild() {
    return ProcessHandle.current().children().filter(ProcessHandle::isAlive)
        .filter(p -> commandLine(p).contains("\0" + CalibrationMain.class.getName() + "\0"))
        .findFirst().orElse(null);
  }

  /** From /proc whole: ProcessHandle's commandLine is cut short on a long class path. */
  private static String commandLine(ProcessHandle p) {
    try {
      return new String(java.nio.file.Files.readAllBytes(Path.of("/proc", Long.toString(p.pid()), "cmdline")),
          java.nio.charset.StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      return ""; // it has exited
    }
  }

  private static void signal(String name, ProcessHandle p) {
    try {
      new ProcessBuilder("kill", "-" + name, Long.toString(p.pid())).start().waitFor();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
