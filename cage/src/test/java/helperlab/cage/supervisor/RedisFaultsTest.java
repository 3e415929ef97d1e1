package helperlab.cage.supervisor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.PrivateServices;
import helperlab.cage.TestDatabase;
import helperlab.cage.TestRedis;
import helperlab.model.RunRecord;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cage's Redis killed (-9) or frozen (SIGSTOP) at the cage's start and in the middle of a batch, on a private
 * server: the start goes on (bounded) with a warning that names Redis, the batch completes, status says Redis is down
 * and, once it is back, up at the first asking; the run's stream is then whole in Redis, entry for entry, and the store
 * has every image once.
 */
class RedisFaultsTest {
  static final int IMAGES = 24;

  @BeforeEach
  void privateServers() {
    Assumptions.assumeTrue(PrivateServices.Redis.unavailable() == null, PrivateServices.Redis.unavailable());
  }

  @Test
  @Tag("slow") // a private Redis
  @Timeout(value = 300, unit = TimeUnit.SECONDS) // a guard against the hang this test is about, not a measure
  void deadAtStart(@TempDir Path data) throws Exception {
    atStart(data, true);
  }

  @Test
  @Tag("slow") // a private Redis
  @Timeout(value = 300, unit = TimeUnit.SECONDS) // a guard against the hang this test is about, not a measure
  void frozenAtStart(@TempDir Path data) throws Exception {
    atStart(data, false);
  }

  private void atStart(Path data, boolean kill) throws Exception {
    try (PrivateServices.Redis rd = new PrivateServices.Redis(); TestDatabase db = TestDatabase.create();
        TestRedis redis = new TestRedis(rd.url())) {
      if (kill) {
        rd.kill9();
      } else {
        rd.freeze();
      }
      CageHarness cage = null;
      try (OutputWatch watch = new OutputWatch(data.resolve("outbox"))) {
        try {
          cage = CageHarness.restart(data, db, redis, Map.of());
          assertTrue(cage.log().contains("cage: WARNING: Redis at " + rd.url() + " does not answer"), cage.log());
          assertTrue(!cage.status().get("redis").get("up").asBoolean(), "status says Redis is down");
          List<String> names = LeaseAcrossRestartTest.copies(cage.inbox(), 6);
          assertEquals("met", cage.awaitFinished(cage.submit("web", names, 600.0), Duration.ofSeconds(180))
              .get("state").asText(), "Redis is not needed to work");
        } finally {
          if (kill) {
            rd.start();
          } else {
            rd.thaw();
          }
        }
        assertTrue(cage.status().get("redis").get("up").asBoolean(), "back at the first asking");
        streamWhole(cage, redis);
        FaultChecks.nothingLostNorTwice(db, data.resolve("outbox"), 6, watch);
      } finally {
        if (cage != null) {
          cage.close(false);
        }
      }
    }
  }

  @Test
  @Tag("heavy") // a batch through a Redis crash
  void killedMidBatch(@TempDir Path data) throws Exception {
    midBatch(data, true);
  }

  @Test
  @Tag("heavy") // a batch through a frozen Redis
  void frozenMidBatch(@TempDir Path data) throws Exception {
    midBatch(data, false);
  }

  private void midBatch(Path data, boolean kill) throws Exception {
    try (PrivateServices.Redis rd = new PrivateServices.Redis(); TestDatabase db = TestDatabase.create();
        TestRedis redis = new TestRedis(rd.url())) {
      CageHarness cage = CageHarness.restart(data, db, redis, Map.of());
      try (OutputWatch watch = new OutputWatch(data.resolve("outbox"))) {
        List<String> names = LeaseAcrossRestartTest.copies(cage.inbox(), IMAGES);
        long batch = cage.submit("web", names, 900.0);
        cage.awaitBatch(batch, Duration.ofSeconds(120), b -> b.get("done").asInt() >= 3);
        if (kill) {
          rd.kill9();
        } else {
          rd.freeze();
        }
        try {
          JsonNode down = await("status says Redis is down").atMost(Duration.ofSeconds(120))
              .until(cage::status, s -> !s.get("redis").get("up").asBoolean());
          assertTrue(down.get("redis").get("error").asText().length() > 0, down.get("redis").toString());
          JsonNode health = cage.get("/health").body();
          assertTrue(health.get("why").get(0).asText().startsWith("Redis at " + rd.url() + " does not answer"),
              health.toString());
          cage.awaitBatch(batch, Duration.ofSeconds(300), b -> b.get("done").asInt() >= IMAGES);
        } finally {
          if (kill) {
            rd.start();
          } else {
            rd.thaw();
          }
        }
        assertTrue(cage.status().get("redis").get("up").asBoolean(), "back at the first asking");
        assertEquals("met", cage.awaitFinished(batch, Duration.ofSeconds(120)).get("state").asText());
        streamWhole(cage, redis);
        FaultChecks.nothingLostNorTwice(db, data.resolve("outbox"), IMAGES, watch);
      } finally {
        cage.close(false);
      }
    }
  }

  /** Stops the cage and checks its run's stream in Redis: every entry of its record, in order, and the end. */
  private static void streamWhole(CageHarness cage, TestRedis redis) throws Exception {
    String run = cage.supervisor.currentRun();
    RunRecord record = cage.stopAndRecord();
    int entries = record.events().size() + record.samples().size() + 1;
    try (var j = redis.connect()) {
      assertEquals(entries, j.xlen(redis.prefix + ":run:" + run), "the stream is whole in Redis, entry for entry");
      var last = j.xrevrange(redis.prefix + ":run:" + run, (redis.clients.jedis.StreamEntryID) null, null, 1);
      assertEquals("end", last.get(0).getFields().get("type"));
    }
  }
}
