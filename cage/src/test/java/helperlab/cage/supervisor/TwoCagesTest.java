package helperlab.cage.supervisor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.TestDatabase;
import helperlab.cage.TestImages;
import helperlab.cage.TestRedis;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two cages on one PostgreSQL database at once: each owns its runs and batches by its identity, the
 * second's recovery leaves the first's live run and batch alone, and a third with the first's identity
 * is refused at start with a message that says why.
 */
class TwoCagesTest {
  private static void signal(String sig, long pid) throws Exception {
    new ProcessBuilder("kill", "-" + sig, Long.toString(pid)).start().waitFor();
  }

  @Test
  void twoCagesOnOneDatabaseKeepToTheirOwnAndASecondWithTheSameIdentityIsRefused(@TempDir Path tmp) throws Exception {
    try (TestDatabase db = TestDatabase.create(); TestRedis redisA = new TestRedis(); TestRedis redisB = new TestRedis()) {
      CageHarness a = CageHarness.restart(tmp.resolve("a"), db, redisA, Map.of("policy", "pool-edf-1"));
      CageHarness b = null;
      try {
        CageHarness.copyLibraryInto(a.inbox());
        List<String> names = new ArrayList<>();
        TestImages.library().samples().stream().limit(6).forEach(s -> names.add(s.file()));
        long batchA = a.submit("web", names, 900.0);
        // A's one worker is held mid-batch while B starts, so A's run and batch are open in the database.
        long pid = await("A's worker starts").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(20))
            .until(() -> {
              for (JsonNode w : a.status().get("workers")) {
                if (w.get("image").asInt() >= 0) {
                  return w.get("pid").asLong();
                }
              }
              return -1L;
            }, p -> p > 0);
        signal("STOP", pid);
        try {
          assertEquals(1, db.count("select count(*) from batches where state = 'admitted'"), "A's batch is open");
          b = CageHarness.restart(tmp.resolve("b"), db, redisB, Map.of("policy", "pool-edf-1"));
          assertTrue(b.log().contains("recovered 0 batches"), "B took over nothing of A's:\n" + b.log());
          assertEquals(2, db.count("select count(*) from runs where state = 'running'"), "A's run is still running");
          String idA = a.supervisor.config().identity().id();
          String idB = b.supervisor.config().identity().id();
          assertTrue(!idA.equals(idB), idA);

          // The same identity as A on the same database: refused at once, saying why.
          Path c = tmp.resolve("c");
          IllegalStateException refused = assertThrows(IllegalStateException.class,
              () -> CageHarness.restart(c, db, redisB, Map.of("cage_id", idA)));
          assertTrue(refused.getMessage().contains("another cage with identity '" + idA + "' is running"),
              refused.getMessage());
        } finally {
          signal("CONT", pid);
        }
        CageHarness.copyLibraryInto(b.inbox());
        long batchB = b.submit("web", names.subList(0, 2), 900.0);
        JsonNode doneA = a.awaitFinished(batchA, Duration.ofSeconds(240));
        JsonNode doneB = b.awaitFinished(batchB, Duration.ofSeconds(240));
        assertEquals("met", doneA.get("state").asText(), doneA.toString());
        assertEquals("met", doneB.get("state").asText(), doneB.toString());
        // Each cage asked for the other's batch says whose it is, and shows nothing of it.
        CageHarness.Answer foreign = a.get("/batches/" + batchB);
        assertEquals(404, foreign.status(), foreign.body().toString());
        assertEquals(b.supervisor.config().identity().id(), foreign.body().get("owner").asText());
        assertTrue(foreign.body().get("error").asText().contains("belongs to cage '"
            + b.supervisor.config().identity().id() + "', not to this cage"), foreign.body().toString());
        assertEquals(404, b.get("/batches/" + batchA).status(), "A's batch, asked of B");
        assertEquals(1, db.count("select count(*) from batches where id = " + batchA + " and cage_id = '"
            + a.supervisor.config().identity().id() + "'"), "A's batch is A's");
        assertEquals(1, db.count("select count(*) from batches where id = " + batchB + " and cage_id = '"
            + b.supervisor.config().identity().id() + "'"), "B's batch is B's");
        assertEquals(0, db.count("select count(*) from run_events e join runs r on r.id = e.run_id"
            + " join images i on i.id = e.image join batches bt on bt.id = i.batch_id"
            + " where e.type = 'image_done' and r.cage_id <> bt.cage_id"), "no cage made another's image");
      } finally {
        if (b != null) {
          CageHarness.closeTogether(a, b);
        } else {
          CageHarness.closeTogether(a);
        }
      }
    }
  }
}
