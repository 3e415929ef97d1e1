package helperlab.cage.supervisor;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.TestImages;
import helperlab.cage.image.SampleLibrary;
import helperlab.model.Calibration;
import helperlab.model.Contention;
import helperlab.policy.Admission;
import helperlab.policy.AdmissionMode;
import helperlab.policy.ImageJob;
import helperlab.policy.PolicyCatalog;
import helperlab.policy.Scheduler;
import helperlab.policy.SchedulerConfig;
import helperlab.policy.TaskRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Admission on the real cage: under overload a batch is refused with 429 and a Retry-After no later than the
 * work ahead of it is due, and the same batch sent again once that work is done is admitted; the capacity admission works with counts
 * contention once (the seed's cage counted it twice and turned away batches that fit).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AdmissionTest {
  static final double CPUS = 1.5;
  /** Held still while a batch is at the door, so its margin is not eaten by a busy machine's delay before admission. */
  final HeldClock clock = new HeldClock();
  CageHarness cage;
  List<String> files;

  @BeforeAll
  void start(@TempDir Path data) throws Exception {
    cage = CageHarness.start(data, Map.of("cpus", CPUS), clock);
    CageHarness.copyLibraryInto(cage.inbox());
    files = TestImages.library().samples().stream().map(SampleLibrary.Sample::file).toList();
  }

  @AfterAll
  void stop() throws Exception {
    cage.close();
  }

  private String batch(List<String> images, double deadlineS) {
    StringBuilder b = new StringBuilder("{\"preset\":\"thumb\",\"deadline_s\":" + String.format(Locale.ROOT, "%.4f", deadlineS)
        + ",\"images\":[");
    for (int i = 0; i < images.size(); i++) {
      b.append(i > 0 ? "," : "").append('"').append(images.get(i)).append('"');
    }
    return b.append("]}").toString();
  }

  /**
   * Posts {@code body} with the cage's clock held: the deadline the door stamps and the time admission judges it at
   * are the same instant, as on an idle machine.
   */
  private CageHarness.Answer postHeld(String body) throws Exception {
    clock.hold();
    try {
      return cage.post(body);
    } finally {
      clock.release();
    }
  }

  private double predicted(List<String> images) throws Exception {
    Calibration c = Calibration.seed();
    double w = 0;
    for (String f : images) {
      SampleLibrary.Sample s = TestImages.library().samples().stream().filter(x -> x.file().equals(f)).findFirst().orElseThrow();
      w += c.cost().seconds(s.megapixels());
    }
    return w;
  }

  @Test
  @Order(1)
  void contentionIsCountedOnceAtTheBoundary() throws Exception {
    Calibration c = Calibration.seed();
    Contention contention = new Contention(c.contention());
    double once = contention.throughputCores(2, CPUS);
    double twice = once * contention.efficiency(2, CPUS);
    assertEquals(2, cage.supervisor.schedulerConfig().workerBudget(), "1.5 cores: two workers");
    assertEquals(once, cage.supervisor.schedulerConfig().capacityCores(), 1e-9, "the cage's capacity counts contention once");
    JsonNode status = cage.status();
    assertEquals(once, status.get("budget").get("capacity_cores").asDouble(), 1e-9);
    // Uncalibrated, the live run's admission plans on a stated fraction of that, and status says why.
    SchedulerConfig config = cage.supervisor.runSchedulerConfig();
    double planned = once * AdmissionCapacity.UNCALIBRATED_SHARE;
    assertEquals(planned, config.capacityCores(), 1e-9);
    JsonNode plan = status.get("admission_capacity");
    assertEquals(planned, plan.get("planned_cores").asDouble(), 1e-9, plan.toString());
    assertFalse(plan.get("calibrated").asBoolean(), plan.toString());
    assertTrue(plan.get("why").asText().contains("uncalibrated: plans on 70% of it"), plan.toString());
    twice = planned * contention.efficiency(2, CPUS);
    // At the boundary, with the cage's own scheduler configuration: a batch that fits at the planned capacity is
    // admitted; counting contention a second time would have refused it.
    double window = 10;
    List<ImageJob> jobs = new ArrayList<>();
    double perImage = 0.05;
    int n = (int) Math.floor(window * planned * 0.99 / perImage);
    for (int i = 0; i < n; i++) {
      jobs.add(new ImageJob(i, 1, perImage));
    }
    TaskRequest request = new TaskRequest(1, 0, window, jobs, n * perImage);
    assertTrue(n * perImage / twice > window, "the batch tells the two capacities apart");
    Scheduler s = new Scheduler(PolicyCatalog.get("pool-edf-10"), config);
    assertTrue(s.submit(0, request).admitted(), "admitted by the cage's admission");
    assertFalse(Admission.of(AdmissionMode.EDF_FIT, twice).decide(0, request, List.of()).admitted(),
        "the seed's double count would have turned it away");
    // And through the door, a batch with room to spare is admitted while one that cannot fit is told so.
    List<String> images = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      images.addAll(files);
    }
    double work = predicted(images);
    CageHarness.Answer fits = postHeld(batch(images, work / planned * 1.3));
    assertEquals(202, fits.status(), fits.body().toString());
    cage.awaitFinished(fits.body().get("batch").asLong(), java.time.Duration.ofSeconds(60));
    CageHarness.Answer never = postHeld(batch(images, work / planned * 0.9));
    assertEquals(422, never.status(), "it cannot fit even on an idle cage: " + never.body());
    assertTrue(never.body().get("error").asText().contains("can never fit"), never.body().toString());
  }

  @Test
  @Order(2)
  void underOverloadARefusalCarriesRetryAfterAndTheBatchSentAgainThenIsAdmitted() throws Exception {
    // Two warm workers first, so the schedule admission promises starts now (admission does not wait for spawns).
    List<String> warm = new ArrayList<>(files);
    warm.addAll(files);
    warm.addAll(files);
    cage.awaitFinished(cage.submit("thumb", warm, 60.0), java.time.Duration.ofSeconds(60));
    List<String> images = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      images.addAll(files);
    }
    double window = predicted(images) / 1.46 * 1.6; // one fits, two do not
    CageHarness.Answer first = postHeld(batch(images, window));
    assertEquals(202, first.status(), first.body().toString());
    CageHarness.Answer second = cage.post(batch(images, window));
    assertEquals(429, second.status(), second.body().toString());
    assertNotNull(second.retryAfter(), "a refusal says when to come back");
    int after = Integer.parseInt(second.retryAfter());
    assertTrue(after >= 1 && after <= Math.ceil(window) + 1, "Retry-After " + after + " s");
    assertEquals(after, second.body().get("retry_after_s").asInt());
    // Retry-After is when the work ahead of it will have made room: rather than wait that long on the wall clock,
    // the test waits until the cage says that work is done (however late a loaded machine runs it), then sends the
    // same batch again.
    cage.awaitFinished(first.body().get("batch").asLong(), java.time.Duration.ofSeconds(60));
    CageHarness.Answer again = postHeld(batch(images, window));
    assertEquals(202, again.status(), "re-sent once the work ahead was done: " + again.body());
    cage.awaitFinished(again.body().get("batch").asLong(), java.time.Duration.ofSeconds(60));
    assertTrue(cage.db.count("select count(*) from batches where state = 'refused' and retry_after_s = " + after) >= 1);
  }
}
