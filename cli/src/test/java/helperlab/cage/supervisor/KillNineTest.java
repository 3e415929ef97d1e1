package helperlab.cage.supervisor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.TestDatabase;
import helperlab.cage.TestImages;
import helperlab.cage.TestRedis;
import helperlab.cage.image.SampleLibrary;
import helperlab.cage.worker.WorkerPool;
import helperlab.model.DataFile;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 the supervisor halfway through a batch, start it again, three times over: no image is
 * lost and none is published twice (an output, once there, is never written again: same inode;
 * and no image is reported done twice across all the runs).
 */
@Tag("slow") // the supervisor killed and restarted mid-batch
class KillNineTest {
  /**
   * Enough images that three rounds of "four more done, then kill" leave most of the batch to do: the poll
   * that sees progress and the kill are not atomic, and on a busy host the cage may run on for seconds between
   * them (with 30 images it once finished the batch there).
   */
  static final int COPIES = 15;
  private final HttpClient http = HttpClient.newHttpClient();

  private JsonNode get(int port, long batch) throws Exception {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/batches/" + batch))
        .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    return r.statusCode() == 200 ? DataFile.JSON.readTree(r.body()) : null;
  }

  /** Published outputs (a worker killed mid-image may leave a ".name.tmp-PID", which is not one) and their inodes. */
  private static Map<Path, Object> outputs(Path dir) throws Exception {
    Map<Path, Object> m = new HashMap<>();
    if (Files.isDirectory(dir)) {
      try (Stream<Path> s = Files.list(dir)) {
        for (Path p : s.toList()) {
          if (!p.getFileName().toString().startsWith(".")) {
            m.put(p, Files.getAttribute(p, "unix:ino"));
          }
        }
      }
    }
    return m;
  }

  @Test
  void killedHalfwayAndRestartedThreeTimesItLosesNothingAndPublishesNothingTwice(@TempDir Path data) throws Exception {
    try (TestDatabase db = TestDatabase.create(); TestRedis redis = new TestRedis()) {
      Path inbox = data.resolve("inbox");
      List<String> images = new ArrayList<>();
      SampleLibrary lib = TestImages.library();
      Files.createDirectories(inbox);
      for (int c = 0; c < COPIES; c++) {
        for (SampleLibrary.Sample s : lib.samples()) {
          String name = "c" + c + "-" + s.file();
          Files.copy(lib.path(s), inbox.resolve(name));
          images.add(name);
        }
      }
      SupervisorProcess sup = SupervisorProcess.start(data, db, redis);
      long batch;
      try {
        String body = "{\"preset\":\"web\",\"deadline_s\":900,\"images\":" + DataFile.compact(images) + "}";
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + sup.port + "/batches"))
            .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(202, r.statusCode(), r.body());
        batch = DataFile.JSON.readTree(r.body()).get("batch").asLong();
        Path outDir = data.resolve("outbox").resolve(Long.toString(batch));
        Map<Path, Object> seen = new HashMap<>();
        int lastDone = 0;
        for (int round = 0; round < 3; round++) {
          // Wait for progress, then kill it while images are in flight.
          int since = lastDone;
          SupervisorProcess running = sup;
          JsonNode b = await("progress").atMost(Duration.ofSeconds(240)).pollInterval(Duration.ofMillis(30))
              .until(() -> get(running.port, batch), x -> x != null && x.get("done").asInt() >= since + 4);
          assertTrue(b.get("done").asInt() < images.size(), "killed halfway, not after the end: " + b.get("done"));
          sup.kill9();
          Map<Path, Object> now = outputs(outDir);
          for (Map.Entry<Path, Object> e : seen.entrySet()) {
            assertEquals(e.getValue(), now.get(e.getKey()), e.getKey() + " was written again");
          }
          seen.putAll(now);
          sup = SupervisorProcess.start(data, db, redis);
          assertTrue(sup.output().contains("recovered 1 batches"), sup.output());
          JsonNode after = get(sup.port, batch);
          lastDone = after.get("done").asInt();
          assertTrue(lastDone >= now.size(), "every published output counts as done after the restart");
        }
        SupervisorProcess finalSup = sup;
        JsonNode b = await("the batch finishes").atMost(Duration.ofSeconds(360))
            .until(() -> get(finalSup.port, batch), x -> x != null
                && (x.get("state").asText().equals("met") || x.get("state").asText().equals("late")));
        assertEquals("met", b.get("state").asText(), b.toString());
        sup.stop(); // SIGTERM: the run ends with its record
        assertEquals(1, db.count("select count(*) from runs where state = 'finished' and record is not null"),
            "the last run, stopped gracefully, is finished with its record");

        Map<Path, Object> last = outputs(outDir);
        try (Stream<Path> all = Files.list(outDir)) {
          assertEquals(images.size(), all.count(), "exactly one file per image, no temp files left");
        }
        assertEquals(images.size(), last.size(), "exactly one output per image: " + last.keySet());
        for (Map.Entry<Path, Object> e : seen.entrySet()) {
          assertEquals(e.getValue(), last.get(e.getKey()), e.getKey() + " was written again");
        }
        for (Path p : last.keySet()) {
          assertNotNull(ImageIO.read(p.toFile()), p + " decodes");
        }
        assertEquals(images.size(), db.count("select count(*) from images where state = 'done' and batch_id = " + batch));
        assertEquals(1, db.count("select count(*) from batches where state = 'met'"));
        // Across every run, no image was reported made twice.
        try (Connection c = db.connect(); Statement s = c.createStatement();
            ResultSet rs = s.executeQuery("select image, count(*) from run_events where type = 'image_done'"
                + " and note is null group by image having count(*) > 1")) {
          assertTrue(!rs.next(), "an image was made twice");
        }
        assertEquals(List.of(), DoneRecords.notExactlyOnce(db), "every published image has one image_done in the records");
        assertTrue(db.count("select count(*) from runs where state = 'interrupted'") >= 3, "the killed runs are closed");
        assertEquals(3, db.count("select count(*) from runs where state = 'interrupted' and record is not null"),
            "and their records rebuilt");
        try (Connection c = db.connect(); Statement s = c.createStatement();
            ResultSet rs = s.executeQuery("select id from runs where state = 'interrupted'");
            var j = redis.connect()) {
          while (rs.next()) {
            var lastEntry = j.xrevrange(redis.prefix + ":run:" + rs.getString(1), (redis.clients.jedis.StreamEntryID) null,
                null, 1);
            assertEquals("end", lastEntry.get(0).getFields().get("type"), "the stream of a killed run is closed too");
          }
        }
      } finally {
        sup.close();
        WorkerPool.killLeftovers(data.resolve("run"));
      }
    }
  }
}
