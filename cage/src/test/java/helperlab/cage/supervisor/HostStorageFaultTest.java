package helperlab.cage.supervisor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.TestImages;
import helperlab.cage.Tmpfs;
import helperlab.model.EventType;
import helperlab.model.RunEvent;
import helperlab.model.RunRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The host's faults are the host's (issue 45's second case): the outbox on a 20 MiB tmpfs, 30 archive images of
 * 1.2 MB each, so the disk is full after 16. No image is blamed for it: no strike, no worker killed, no dead letter, no
 * source moved; the intake answers 503 naming the disk, status names it with its free space, and the batch completes
 * once the space returns.
 */
@Tag("slow") // a batch that waits on a full disk, then runs on
class HostStorageFaultTest {
  static final int IMAGES = 30;

  @Test
  void aFullOutboxPausesTheWorkBlamesNoImageAndTheBatchCompletesWhenSpaceReturns(@TempDir Path data) throws Exception {
    Assumptions.assumeTrue(Tmpfs.unavailable() == null, Tmpfs.unavailable());
    try (Tmpfs outbox = Tmpfs.mount(data.resolve("outbox"), "20m");
        CageHarness cage = CageHarness.start(data, Map.of())) {
      List<String> names = copies(cage.inbox(), IMAGES);
      long batch = cage.submit("archive", names, 900.0);

      JsonNode paused = await("the storage pauses the work").atMost(Duration.ofSeconds(300))
          .until(cage::status, s -> s.get("storage").get("paused").asBoolean());
      JsonNode err = paused.get("storage").get("last_error");
      assertEquals("ENOSPC", err.get("errno").asText(), paused.get("storage").toString());
      assertTrue(err.get("path").asText().startsWith(outbox.dir().toString()), err.toString());
      assertTrue(paused.get("storage").get("places").get(0).get("free_bytes").asLong() < 2 << 20, "the outbox is full");
      CageHarness.Answer refused = cage.post("{\"preset\":\"thumb\",\"images\":[\"" + names.get(0) + "\"]}");
      assertEquals(503, refused.status(), refused.body().toString());
      assertTrue(refused.body().get("error").asText().contains("No space left on device"), refused.body().toString());
      assertTrue(refused.body().get("error").asText().contains("outbox"), refused.body().toString());
      assertTrue(refused.retryAfter() != null);
      JsonNode health = cage.get("/health").body();
      assertEquals("degraded", health.get("status").asText(), health.toString());
      // The pause holds through retries that find the disk still full: time passes with work waiting, and the
      // watchdog's rounds with it, and still no worker is lost.
      await("the storage is tried again and found full").atMost(Duration.ofSeconds(120))
          .until(cage::status, s -> s.get("storage").get("last_error").get("what").asText().equals("a probe write")
              && s.get("storage").get("paused").asBoolean());
      JsonNode during = cage.status();
      for (JsonNode w : during.get("workers")) {
        assertTrue(w.get("image").asInt() < 0 || w.get("waits_for_host").asBoolean(), "a busy worker waits: " + w);
      }
      int publishedWhileFull = outputs(outbox.dir()).size();

      outbox.resize("64m"); // the space returns
      JsonNode done = cage.awaitFinished(batch, Duration.ofSeconds(300));
      JsonNode after = cage.status();
      RunRecord record = cage.stopAndRecord();
      List<RunEvent> killed = record.events().stream().filter(e -> e.type() == EventType.WORKER_KILLED).toList();
      long sources;
      try (Stream<Path> s = Files.list(cage.inbox())) {
        sources = s.count();
      }
      long deadLetters = cage.db.count("select count(*) from dead_letters");
      long strikes = cage.db.count("select coalesce(sum(strikes), 0) from images");
      System.out.printf("full outbox: %d of %d published before the disk filled; %d dead letters, %d sources moved,"
              + " %d strikes, %d workers lost, breaker trips %d, pauses %d; batch %s with %d done after the space"
              + " returned%n", publishedWhileFull, IMAGES, deadLetters, IMAGES - sources, strikes, killed.size(),
          after.get("breaker").get("trips").asInt(), after.get("storage").get("pauses").asInt(),
          done.get("state").asText(), done.get("done").asInt());
      assertEquals(IMAGES, done.get("done").asInt(), done.toString());
      assertEquals(0, deadLetters, "no dead letter");
      assertEquals(IMAGES, sources, "no source moved out of the inbox");
      assertEquals(0, strikes, "no strike");
      assertEquals(List.of(), killed, "no worker lost");
      assertEquals(0, after.get("breaker").get("trips").asInt());
      assertTrue(!after.get("storage").get("paused").asBoolean());
      assertEquals(IMAGES, outputs(outbox.dir()).size(), "one output per image");
      assertEquals(List.of(), temps(outbox.dir()), "no temporary file left");
    }
  }

  /** {@code n} copies of a 1.2 MB, 8 MP photo in the inbox (an archive output is the photo itself, stripped). */
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

  static List<Path> outputs(Path dir) throws Exception {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).filter(p -> !p.getFileName().toString().startsWith(".")).toList();
    }
  }

  static List<Path> temps(Path dir) throws Exception {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).filter(p -> p.getFileName().toString().startsWith(".")).toList();
    }
  }
}
