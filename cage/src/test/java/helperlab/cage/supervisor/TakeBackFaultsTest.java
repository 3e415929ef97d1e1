package helperlab.cage.supervisor;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.cage.PrivateServices;
import helperlab.cage.TestDatabase;
import helperlab.cage.TestRedis;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dependency fails while a restarted cage takes back the work of its last life (a supervisor that died as kill -9
 * leaves it, mid-batch): the take-back is held midway by a hook (published outputs recorded, the dead run not yet
 * closed, the batch not yet taken back) while the test kills or freezes PostgreSQL or Redis. Without PostgreSQL the
 * start fails, naming it and saying nothing is lost, and lets go of everything so the next start (once PostgreSQL is
 * back) takes back the rest; without Redis the start goes on and says so. Either way the batch then completes with
 * nothing lost, nothing done twice and nothing published twice.
 */
@Tag("heavy") // three lives of a cage around a failing dependency
class TakeBackFaultsTest {
  static final int IMAGES = 24;

  @BeforeEach
  void privateServers() {
    Assumptions.assumeTrue(PrivateServices.Postgres.unavailable() == null, PrivateServices.Postgres.unavailable());
    Assumptions.assumeTrue(PrivateServices.Redis.unavailable() == null, PrivateServices.Redis.unavailable());
  }

  @AfterEach
  void noHook() {
    StartupTakeBack.midway = null;
  }

  /** What the test does to a dependency while the take-back is held, and how it brings it back. */
  private interface Fault {
    void hit(PrivateServices.Postgres pg, PrivateServices.Redis rd) throws Exception;
  }

  @Test
  void postgresKilledDuringTakeBack(@TempDir Path data) throws Exception {
    run(data, (pg, rd) -> pg.kill9(), (pg, rd) -> pg.start(), true);
  }

  @Test
  void postgresFrozenDuringTakeBack(@TempDir Path data) throws Exception {
    run(data, (pg, rd) -> pg.freeze(), (pg, rd) -> pg.thaw(), true);
  }

  @Test
  void redisKilledDuringTakeBack(@TempDir Path data) throws Exception {
    run(data, (pg, rd) -> rd.kill9(), (pg, rd) -> rd.start(), false);
  }

  @Test
  void redisFrozenDuringTakeBack(@TempDir Path data) throws Exception {
    run(data, (pg, rd) -> rd.freeze(), (pg, rd) -> rd.thaw(), false);
  }

  private void run(Path data, Fault hit, Fault heal, boolean startFails) throws Exception {
    try (PrivateServices.Postgres pg = new PrivateServices.Postgres(); PrivateServices.Redis rd = new PrivateServices.Redis();
        TestRedis redis = new TestRedis(rd.url())) {
      TestDatabase db = TestDatabase.create(pg.serverUrl());
      CageHarness first = CageHarness.restart(data, db, redis, Map.of());
      CageHarness last = null;
      try (OutputWatch watch = new OutputWatch(data.resolve("outbox"))) {
        List<String> names = LeaseAcrossRestartTest.copies(first.inbox(), IMAGES);
        long batch = first.submit("web", names, 900.0);
        first.awaitBatch(batch, Duration.ofSeconds(120), b -> b.get("done").asInt() >= 3);
        first.crash();

        CountDownLatch midway = new CountDownLatch(1);
        CountDownLatch go = new CountDownLatch(1);
        StartupTakeBack.midway = () -> {
          midway.countDown();
          try {
            go.await(120, TimeUnit.SECONDS);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        };
        CompletableFuture<CageHarness> second = CompletableFuture.supplyAsync(() -> {
          try {
            return CageHarness.restart(data, db, redis, Map.of());
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        });
        assertTrue(midway.await(120, TimeUnit.SECONDS), "the take-back got midway");
        StartupTakeBack.midway = null;
        hit.hit(pg, rd);
        go.countDown();
        CageHarness survivor = null;
        try {
          if (startFails) {
            ExecutionException e = assertThrows(ExecutionException.class, () -> second.get(120, TimeUnit.SECONDS));
            Throwable why = e.getCause().getCause();
            assertInstanceOf(IllegalStateException.class, why);
            assertTrue(why.getMessage().startsWith("PostgreSQL at jdbc:postgresql://127.0.0.1:"), why.getMessage());
            assertTrue(why.getMessage().contains("failed while the cage took back its last life's work"), why.getMessage());
            assertTrue(why.getMessage().contains("nothing is lost"), why.getMessage());
          } else {
            survivor = second.get(120, TimeUnit.SECONDS);
            assertTrue(survivor.log().contains("Redis is away; the stream of interrupted run"), survivor.log());
          }
        } finally {
          heal.hit(pg, rd);
        }
        last = survivor != null ? survivor : CageHarness.restart(data, db, redis, Map.of());
        assertEquals("met", last.awaitFinished(batch, Duration.ofSeconds(300)).get("state").asText());
        last.close(false);
        FaultChecks.nothingLostNorTwice(db, data.resolve("outbox"), IMAGES, watch);
        assertEquals(1, db.count("select count(*) from runs where state = 'interrupted'"),
            "the crashed life is closed as interrupted, once, whichever start got to it");
      } finally {
        if (last != null) {
          last.close(false);
        }
        db.close();
      }
    }
  }
}
