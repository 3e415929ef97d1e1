package helperlab.cage.supervisor;


import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.PrivateServices;
import helperlab.cage.TestDatabase;
import helperlab.cage.TestRedis;
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
 * The cage's PostgreSQL killed (-9, postmaster and backends) or frozen (SIGSTOP) at the cage's start and in the
 * middle of a batch, on a private server: a start fails at once or within its bound, naming PostgreSQL; a batch in
 * flight finishes, its end reads not_yet_stored while the database is away, the intake answers 503 naming it, status
 * says it is down and, once it is back, up at the first asking; the store then catches up with nothing lost, nothing
 * done twice, nothing published twice.
 */
class DatabaseFaultsTest {
  static final int IMAGES = 24;

  @BeforeEach
  void privateServers() {
    Assumptions.assumeTrue(PrivateServices.Postgres.unavailable() == null, PrivateServices.Postgres.unavailable());
    Assumptions.assumeTrue(PrivateServices.Redis.unavailable() == null, PrivateServices.Redis.unavailable());
  }

  @Test
  @Tag("slow") // a private PostgreSQL
  @Timeout(value = 180, unit = TimeUnit.SECONDS) // a guard against the hang this test is about, not a measure
  void deadAtStartTheStartFailsNamingPostgresAndServesOnceItIsBack(@TempDir Path data) throws Exception {
    try (PrivateServices.Postgres pg = new PrivateServices.Postgres(); TestRedis redis = new TestRedis()) {
      TestDatabase db = TestDatabase.create(pg.serverUrl());
      pg.kill9();
      IllegalStateException e = assertThrows(IllegalStateException.class,
          () -> CageHarness.restart(data, db, redis, Map.of()).close(false));
      assertTrue(e.getMessage().startsWith("PostgreSQL is not reachable at jdbc:postgresql://127.0.0.1:"), e.getMessage());
      pg.start();
      CageHarness cage = CageHarness.restart(data, db, redis, Map.of());
      assertEquals("held", cage.status().get("lease").get("state").asText(), "the start let go of nothing it held");
      cage.close(false);
      db.close();
    }
  }

  @Test
  @Tag("slow") // a private PostgreSQL
  @Timeout(value = 180, unit = TimeUnit.SECONDS) // a guard against the hang this test is about, not a measure
  void frozenAtStartTheStartFailsWithinItsBoundNamingPostgres(@TempDir Path data) throws Exception {
    try (PrivateServices.Postgres pg = new PrivateServices.Postgres(); TestRedis redis = new TestRedis()) {
      TestDatabase db = TestDatabase.create(pg.serverUrl());
      pg.freeze();
      try {
        IllegalStateException e = assertThrows(IllegalStateException.class,
            () -> CageHarness.restart(data, db, redis, Map.of()).close(false));
        assertTrue(e.getMessage().contains("no PostgreSQL answer from jdbc:postgresql://127.0.0.1:"), e.getMessage());
      } finally {
        pg.thaw();
      }
      CageHarness.restart(data, db, redis, Map.of()).close(false);
      db.close();
    }
  }

  @Test
  @Tag("heavy") // a batch through a database crash
  void killedMidBatchTheBatchFinishesItsEndWaitsToBeStoredAndTheStoreCatchesUp(@TempDir Path data) throws Exception {
    midBatch(data, true);
  }

  @Test
  @Tag("heavy") // a batch through a frozen database
  void frozenMidBatchTheBatchFinishesItsEndWaitsToBeStoredAndTheStoreCatchesUp(@TempDir Path data) throws Exception {
    midBatch(data, false);
  }

  private void midBatch(Path data, boolean kill) throws Exception {
    try (PrivateServices.Postgres pg = new PrivateServices.Postgres(); PrivateServices.Redis rd = new PrivateServices.Redis();
        TestRedis redis = new TestRedis(rd.url())) {
      TestDatabase db = TestDatabase.create(pg.serverUrl());
      CageHarness cage = CageHarness.restart(data, db, redis, Map.of());
      try (OutputWatch watch = new OutputWatch(data.resolve("outbox"))) {
        List<String> names = LeaseAcrossRestartTest.copies(cage.inbox(), IMAGES);
        long batch = cage.submit("web", names, 900.0);
        cage.awaitBatch(batch, Duration.ofSeconds(120), b -> b.get("done").asInt() >= 3);
        if (kill) {
          pg.kill9();
        } else {
          pg.freeze();
        }
        boolean away = true;
        try {
          CageHarness.Answer refused = cage.post("{\"preset\":\"thumb\",\"images\":[\"" + names.get(0) + "\"]}");
          assertEquals(503, refused.status(), refused.body().toString());
          assertTrue(refused.body().get("error").asText().startsWith("PostgreSQL at jdbc:postgresql://127.0.0.1:"),
              refused.body().toString());
          assertTrue(refused.retryAfter() != null);
          await("status says PostgreSQL is down").atMost(Duration.ofSeconds(120))
              .until(cage::status, s -> !s.get("postgres").get("up").asBoolean());
          JsonNode unstored = cage.awaitBatch(batch, Duration.ofSeconds(300),
              b -> b.get("state").asText().equals(BatchViews.NOT_YET_STORED));
          assertEquals("met", unstored.get("outcome").asText(), unstored.toString());
          assertTrue(unstored.get("why").asText().contains("PostgreSQL at"), unstored.toString());
          assertEquals(IMAGES, unstored.get("done").asInt(), "the workers needed no database");
          if (kill) {
            pg.start();
          } else {
            pg.thaw();
          }
          away = false;
        } finally {
          if (away) {
            if (kill) {
              pg.start();
            } else {
              pg.thaw();
            }
          }
        }
        JsonNode back = cage.status();
        assertTrue(back.get("postgres").get("up").asBoolean(), "back at the first asking: " + back.get("postgres"));
        assertEquals("met", cage.awaitFinished(batch, Duration.ofSeconds(120)).get("state").asText());
        await("the checkpoints catch up").atMost(Duration.ofSeconds(120)).until(cage::status,
            s -> s.get("postgres").get("checkpointing").asBoolean() && s.get("postgres").get("backlog").asInt() == 0);
        await("the lease is held again").atMost(Duration.ofSeconds(60))
            .until(() -> cage.status().get("lease").get("state").asText(), "held"::equals);
        CageHarness.Answer again = cage.post("{\"preset\":\"thumb\",\"deadline_s\":120,\"images\":[\"" + names.get(0)
            + "\"]}");
        assertEquals(202, again.status(), again.body().toString());
        cage.awaitFinished(again.body().get("batch").asLong(), Duration.ofSeconds(120));
        cage.close(false);
        FaultChecks.nothingLostNorTwice(db, data.resolve("outbox"), IMAGES + 1, watch);
        assertEquals(2, db.count("select count(*) from batches where state = 'met'"));
      } finally {
        cage.close(false);
        db.close();
      }
    }
  }
}
