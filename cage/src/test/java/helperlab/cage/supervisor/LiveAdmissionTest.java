package helperlab.cage.supervisor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.TestImages;
import helperlab.cage.image.SampleLibrary;
import helperlab.cage.run.CpuShareMeter;
import helperlab.model.Calibration;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Admission follows the CPU the live run measures it gets: with its one worker SIGSTOPped (the host
 * taking all of it, as far as the cage can tell) the planned capacity falls to the floor and a batch that
 * fitted the run's starting plan is refused for now (429, Retry-After); after SIGCONT the measured share
 * comes off the floor and admission plans on it, whatever this host leaves the cage. Every wait is on what
 * status says, never on a clock.
 */
@Tag("slow") // the stopped worker must fill the share's whole window (20 s)
class LiveAdmissionTest {
  private static void signal(String sig, long pid) throws Exception {
    new ProcessBuilder("kill", "-" + sig, Long.toString(pid)).start().waitFor();
  }

  private static String body(String file, double deadlineS) {
    return String.format(Locale.ROOT, "{\"preset\":\"thumb\",\"deadline_s\":%.3f,\"images\":[\"%s\"]}", deadlineS, file);
  }

  @Test
  void aStoppedWorkerClosesTheDoorToTheFloorAndItReopensWhenTheShareComesBack(@TempDir Path data) throws Exception {
    try (CageHarness cage = CageHarness.start(data, Map.of("policy", "pool-edf-1", "admission_follows_host", true,
        "admission_cold_start", false, // the share's arithmetic alone: ColdStartTest holds the cold start's
        "heartbeat_timeout_s", 2.0, "overrun_grace_s", 600.0))) {
      Calibration seed = Calibration.seed();
      SampleLibrary.Sample small = TestImages.library().samples().stream()
          .min(Comparator.comparingDouble(SampleLibrary.Sample::megapixels)).orElseThrow();
      CageHarness.copyLibraryInto(cage.inbox());
      TestImages.copyInto(cage.inbox(), TestImages.photo(45), "heavy.jpg");
      double startPlan = cage.status().get("admission_capacity").get("nominal_cores").asDouble()
          * AdmissionCapacity.UNCALIBRATED_SHARE;
      double work = seed.cost().seconds(small.megapixels());

      long heavy = cage.submit("archive", List.of("heavy.jpg"), 600.0);
      long pid = await("the worker takes the heavy image").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20))
          .until(() -> busyPid(cage), p -> p > 0);
      signal("STOP", pid);
      JsonNode starved;
      try {
        starved = await("the measured share falls to the floor").atMost(Duration.ofSeconds(120))
            .pollInterval(Duration.ofMillis(250)).until(() -> cage.status().get("admission_capacity"),
                p -> p.get("share_measured").asBoolean()
                    && p.get("cpu_share").asDouble() <= CpuShareMeter.FLOOR + 1e-9);
        assertEquals(startPlan * CpuShareMeter.FLOOR, starved.get("planned_cores").asDouble(), 1e-9, starved.toString());
        assertTrue(starved.get("why").asText()
            .matches(".*this run's busy workers got [0-5]% of the CPU they wanted over the last .*"), starved.toString());
        // a small batch that fits the run's starting plan 4 times over, and not the floor's (1/20 of it)
        CageHarness.Answer refused = cage.post(body(small.file(), 4 * work / startPlan));
        assertEquals(429, refused.status(), "refused for now while the host takes the CPU: " + refused.body());
        assertEquals(String.valueOf((long) CpuShareMeter.WINDOW_S), refused.retryAfter(), refused.toString());
        assertTrue(refused.body().get("error").asText().contains("fits the capacity the run began with"),
            refused.body().toString());
      } finally {
        signal("CONT", pid);
      }
      JsonNode back = await("the share measured after SIGCONT rises off the floor").atMost(Duration.ofSeconds(120))
          .pollInterval(Duration.ofMillis(250)).until(() -> cage.status().get("admission_capacity"),
              p -> p.get("cpu_share").asDouble() > CpuShareMeter.FLOOR + 1e-9);
      assertTrue(back.get("planned_cores").asDouble() > starved.get("planned_cores").asDouble(), back.toString());
      JsonNode done = cage.awaitFinished(heavy, Duration.ofSeconds(300));
      assertEquals(0, done.get("images").get(0).get("strikes").asInt(), "a stopped worker is no strike: " + done);
      // Whatever share this host leaves the cage now, admission plans on it: a batch with 30% to spare at the
      // plan status shows is admitted, one 30% short of it is not.
      JsonNode now = cage.status().get("admission_capacity");
      double planned = now.get("planned_cores").asDouble();
      CageHarness.Answer fits = cage.post(body(small.file(), 1.3 * work / planned));
      assertEquals(202, fits.status(), "fits the plan measured now: " + fits.body() + " with " + now);
      CageHarness.Answer shortOf = cage.post(body(small.file(), 0.7 * work / planned));
      assertTrue(shortOf.status() == 429 || shortOf.status() == 422, "short of the plan measured now: " + shortOf);
      System.out.printf(Locale.ROOT, "live admission: start plan %.2f cores, stopped %.3f, after SIGCONT %.3f (%s)%n",
          startPlan, starved.get("planned_cores").asDouble(), planned, now.get("why").asText());
    }
  }

  private static long busyPid(CageHarness cage) throws Exception {
    for (JsonNode w : cage.status().get("workers")) {
      if (w.get("image").asInt() >= 0) {
        return w.get("pid").asLong();
      }
    }
    return -1L;
  }
}
