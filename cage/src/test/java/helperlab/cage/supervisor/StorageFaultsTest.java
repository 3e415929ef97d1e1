package helperlab.cage.supervisor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.TestImages;
import helperlab.cage.Tmpfs;
import helperlab.cage.image.SampleLibrary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The host's storage failing under the cage beyond the outbox (see {@link HostStorageFaultTest}): the whole data
 * directory full, the dead-letter folder full, the outbox turned read-only. Each pauses the work with the intake
 * answering 503 and status naming the place; no image is blamed for it, no source is moved, and the work completes
 * once the host is well again (a dead letter the full folder refused is filed then).
 */
@Tag("heavy") // batches that wait on a failing disk, then run on
class StorageFaultsTest {
  static final int IMAGES = 20;

  @BeforeEach
  void canMount() {
    Assumptions.assumeTrue(Tmpfs.unavailable() == null, Tmpfs.unavailable());
  }

  /** Waits for the pause and checks what it says: status, the intake's 503, /health. */
  private static JsonNode pausedOn(CageHarness cage, Path where, String errno, String someInput) throws Exception {
    JsonNode s = await("the storage pauses the work").atMost(Duration.ofSeconds(300))
        .until(cage::status, x -> x.get("storage").get("paused").asBoolean());
    JsonNode err = s.get("storage").get("last_error");
    assertEquals(errno, err.get("errno").asText(), s.get("storage").toString());
    assertTrue(err.get("path").asText().startsWith(where.toString()), err.toString());
    CageHarness.Answer refused = cage.post("{\"preset\":\"thumb\",\"images\":[\"" + someInput + "\"]}");
    assertEquals(503, refused.status(), refused.body().toString());
    assertTrue(refused.body().get("error").asText().contains("the host's storage is failing"), refused.body().toString());
    assertEquals("degraded", cage.get("/health").body().get("status").asText());
    return s;
  }

  @Test
  void aFullDataDirectory(@TempDir Path tmp) throws Exception {
    Path data = tmp.resolve("data");
    try (Tmpfs disk = Tmpfs.mount(data, "64m"); CageHarness cage = CageHarness.start(data, Map.of());
        OutputWatch watch = new OutputWatch(data.resolve("outbox"))) {
      List<String> names = LeaseAcrossRestartTest.copies(cage.inbox(), IMAGES);
      long batch = cage.submit("web", names, 900.0);
      cage.awaitBatch(batch, Duration.ofSeconds(120), b -> b.get("done").asInt() >= 3);
      Path filler = disk.fill();
      pausedOn(cage, data, "ENOSPC", names.get(0));
      Files.delete(filler); // the space returns
      assertEquals("met", cage.awaitFinished(batch, Duration.ofSeconds(300)).get("state").asText());
      cage.close(false);
      FaultChecks.nothingLostNorTwice(cage.db, data.resolve("outbox"), IMAGES, watch);
      assertEquals(0, cage.db.count("select coalesce(sum(strikes), 0) from images"), "no strike");
      assertEquals(IMAGES, OutputWatch.outputs(cage.inbox()).size(), "no source moved");
    }
  }

  @Test
  void aReadOnlyOutbox(@TempDir Path data) throws Exception {
    try (Tmpfs outbox = Tmpfs.mount(data.resolve("outbox"), "64m"); CageHarness cage = CageHarness.start(data, Map.of());
        OutputWatch watch = new OutputWatch(data.resolve("outbox"))) {
      List<String> names = LeaseAcrossRestartTest.copies(cage.inbox(), IMAGES);
      long batch = cage.submit("web", names, 900.0);
      cage.awaitBatch(batch, Duration.ofSeconds(120), b -> b.get("done").asInt() >= 3);
      outbox.readOnly(true);
      try {
        pausedOn(cage, outbox.dir(), "EROFS", names.get(0));
      } finally {
        outbox.readOnly(false);
      }
      assertEquals("met", cage.awaitFinished(batch, Duration.ofSeconds(300)).get("state").asText());
      cage.close(false);
      FaultChecks.nothingLostNorTwice(cage.db, outbox.dir(), IMAGES, watch);
      assertEquals(0, cage.db.count("select coalesce(sum(strikes), 0) from images"), "no strike");
    }
  }

  @Test
  void aFullDeadLetterFolderKeepsThePoisonInTheInboxUntilItCanBeFiled(@TempDir Path data) throws Exception {
    try (Tmpfs letters = Tmpfs.mount(data.resolve("deadletters"), "2m");
        CageHarness cage = CageHarness.start(data, Map.of("policy", "pool-edf-1"))) {
      letters.fill();
      CageHarness.copyLibraryInto(cage.inbox());
      TestImages.poisonPng(cage.inbox().resolve("poison.png"));
      List<String> names = new ArrayList<>(TestImages.library().samples().stream().map(SampleLibrary.Sample::file).toList());
      names.add(0, "poison.png");
      long batch = cage.submit("web", names, 900.0);
      pausedOn(cage, letters.dir(), "ENOSPC", names.get(1));
      assertTrue(Files.exists(cage.inbox().resolve("poison.png")), "the source stays where it was");
      String movedTo = await("the dead letter's row").atMost(Duration.ofSeconds(60)).until(() -> {
        try (var c = cage.db.connect(); var st = c.createStatement();
            var rs = st.executeQuery("select moved_to from dead_letters")) {
          return rs.next() ? rs.getString(1) : null;
        }
      }, m -> m != null);
      assertTrue(movedTo.startsWith("(not filed yet: No space left on device (ENOSPC) at " + letters.dir()), movedTo);

      letters.resize("16m"); // room for it now
      JsonNode done = cage.awaitFinished(batch, Duration.ofSeconds(300));
      assertEquals("late", done.get("state").asText(), "a batch with a dead image is late");
      assertEquals(names.size() - 1, done.get("done").asInt(), done.toString());
      int poisonId = done.get("images").get(0).get("image").asInt();
      Path filed = letters.dir().resolve(poisonId + "_poison.png");
      await("the poison is filed").atMost(Duration.ofSeconds(60)).until(() -> Files.exists(filed));
      assertFalse(Files.exists(cage.inbox().resolve("poison.png")), "moved out of the inbox once it could be");
      await("its row says where it went").atMost(Duration.ofSeconds(60))
          .until(() -> cage.db.count("select count(*) from dead_letters where moved_to = '" + filed + "'") == 1);
      assertEquals(1, cage.db.count("select count(*) from dead_letters"), "the poison alone");
      assertEquals(3, cage.db.count("select coalesce(sum(strikes), 0) from images"), "the poison's three, no other");
      assertEquals(names.size() - 1, OutputWatch.outputs(cage.inbox()).size(), "no good source moved");
    }
  }
}
