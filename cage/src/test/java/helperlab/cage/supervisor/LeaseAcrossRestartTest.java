package helperlab.cage.supervisor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.PrivateServices;
import helperlab.cage.TestDatabase;
import helperlab.cage.TestImages;
import helperlab.cage.TestRedis;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45's first case: a cage serving a batch, its PostgreSQL restarted (the advisory lock that held "one cage per
 * identity" dies with its session), and a second cage with the same identity started right after. The second is
 * refused with a message that says why; no image is done by both, no published output is replaced, and the first
 * cage's status shows its lease held again.
 */
@Tag("slow") // a private PostgreSQL restarted under a working cage
class LeaseAcrossRestartTest {
  static final int IMAGES = 50;

  @Test
  void aSecondCageOfTheSameIdentityAfterADatabaseRestartIsRefusedAndNothingIsDoneTwice(@TempDir Path tmp)
      throws Exception {
    Assumptions.assumeTrue(PrivateServices.Postgres.unavailable() == null, PrivateServices.Postgres.unavailable());
    try (PrivateServices.Postgres pg = new PrivateServices.Postgres(); TestRedis redisA = new TestRedis();
        TestRedis redisB = new TestRedis()) {
      TestDatabase db = TestDatabase.create(pg.serverUrl());
      CageHarness a = CageHarness.restart(tmp.resolve("a"), db, redisA, Map.of());
      CageHarness b = null;
      IllegalStateException refused = null;
      AtomicBoolean watching = new AtomicBoolean(true);
      Map<Path, Object> firstInode = new ConcurrentHashMap<>();
      Thread inodes = new Thread(() -> {
        while (watching.get()) {
          firstInodes(a.data.resolve("outbox"), firstInode);
          java.util.concurrent.locks.LockSupport.parkNanos(20_000_000); // a sampler's period, not a wait for anything
        }
      }, "inode-watch");
      try {
        List<String> names = copies(a.inbox(), IMAGES);
        inodes.start();
        long batch = a.submit("web", names, 900.0);
        a.awaitBatch(batch, Duration.ofSeconds(120), x -> x.get("done").asInt() >= 5);

        pg.stop();
        pg.start();
        String id = a.supervisor.config().identity().id();
        try {
          b = CageHarness.restart(tmp.resolve("b"), db, redisB, Map.of("cage_id", id));
        } catch (IllegalStateException e) {
          refused = e;
        }
        JsonNode done = a.awaitFinished(batch, Duration.ofSeconds(300));
        if (b != null) {
          CageHarness bb = b;
          await("the second cage's take-back ends").atMost(Duration.ofSeconds(600))
              .until(() -> bb.status().get("unfinished_batches").asInt() == 0);
        }
        watching.set(false);
        inodes.join();
        firstInodes(a.data.resolve("outbox"), firstInode);
        int replaced = 0;
        for (Map.Entry<Path, Object> e : firstInode.entrySet()) {
          if (!e.getValue().equals(Files.getAttribute(e.getKey(), "unix:ino"))) {
            replaced++;
          }
        }
        long doneTwice = db.count("select count(*) from (select image from run_events where type = 'image_done'"
            + " and note is null group by image having count(*) > 1) twice");
        System.out.printf("lease across a restart: second cage %s; %d of %d images done twice, %d outputs replaced%n",
            refused != null ? "refused" : "accepted", doneTwice, IMAGES, replaced);
        assertNotNull(refused, "a second cage with the same identity was accepted while the first serves");
        assertTrue(refused.getMessage().contains("another cage with identity '" + id + "' is running"),
            refused.getMessage());
        assertEquals(0, doneTwice, "images done by both cages");
        assertEquals(0, replaced, "published outputs replaced");
        assertEquals(IMAGES, done.get("done").asInt(), done.toString());
        await("the lease shows held").atMost(Duration.ofSeconds(60))
            .until(() -> a.status().get("lease").get("state").asText(), "held"::equals);
      } finally {
        watching.set(false);
        if (b != null) {
          CageHarness.closeTogether(a, b);
        } else {
          CageHarness.closeTogether(a);
        }
        db.close();
      }
    }
  }

  /** {@code n} inputs in the inbox: copies of an 8 MP photo, so a batch of them is still working when the database restarts. */
  static List<String> copies(Path inbox, int n) throws Exception {
    Files.createDirectories(inbox);
    Path photo = TestImages.photo(8);
    List<String> names = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String name = "p" + i + ".jpg";
      Files.copy(photo, inbox.resolve(name));
      names.add(name);
    }
    return names;
  }

  /** Notes the inode of each published output the first time it is seen. */
  static void firstInodes(Path outbox, Map<Path, Object> seen) {
    if (!Files.isDirectory(outbox)) {
      return;
    }
    try (Stream<Path> s = Files.walk(outbox)) {
      for (Path p : s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith(".")).toList()) {
        if (!seen.containsKey(p)) {
          try {
            seen.put(p, Files.getAttribute(p, "unix:ino"));
          } catch (java.io.IOException e) {
            // replaced between the listing and the look: seen next time
          }
        }
      }
    } catch (java.io.IOException | java.io.UncheckedIOException e) {
      // a directory made or a file renamed while walking: the next pass sees it
    }
  }
}
