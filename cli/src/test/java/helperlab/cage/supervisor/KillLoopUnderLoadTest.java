package helperlab.cage.supervisor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kill loop on a busy host: {@code stress-ng --cpu 4} beside the cage, a 96-image batch, the
 * supervisor killed -9 ten times while images are in flight and four workers killed -9 from outside (a
 * cage that finishes the batch before the tenth kill is given the same 96 images again, so every kill
 * lands mid-batch).
 * Every image is published exactly once, none is dead-lettered (a kill from outside or a starved
 * heartbeat is no strike), and no temp file is left in the outbox.
 */
@Tag("heavy") // minutes, and it loads every core on purpose
class KillLoopUnderLoadTest {
  static final int COPIES = 16; // x 6 library samples = 96 images
  static final int SUPERVISOR_KILLS = 10;
  static final int WORKER_KILLS = 4;
  /** Batches after which a cage still finishing each between kills means the kills do not stop it. */
  static final int MAX_BATCHES = 6;
  private final HttpClient http = HttpClient.newHttpClient();

  private JsonNode get(int port, long batch) throws Exception {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/batches/" + batch))
        .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    return r.statusCode() == 200 ? DataFile.JSON.readTree(r.body()) : null;
  }

  private long submit(SupervisorProcess sup, List<String> images) throws Exception {
    String body = "{\"preset\":\"web\",\"deadline_s\":3600,\"images\":" + DataFile.compact(images) + "}";
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + sup.port + "/batches"))
        .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(202, r.statusCode(), r.body());
    return DataFile.JSON.readTree(r.body()).get("batch").asLong();
  }

  private static boolean ended(JsonNode batch) {
    String state = batch.get("state").asText();
    return state.equals("met") || state.equals("late") || batch.get("done").asInt() >= batch.get("total").asInt();
  }

  private static List<Path> files(Path dir) throws Exception {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).toList();
    }
  }

  /** Kills one running worker from outside (kill -9); false if none was running. */
  private static boolean killAWorker(Path data) throws Exception {
    for (Path f : files(data.resolve("run").resolve("workers"))) {
      long pid = Long.parseLong(f.getFileName().toString());
      if (ProcessHandle.of(pid).map(ProcessHandle::destroyForcibly).orElse(false)) {
        return true;
      }
    }
    return false;
  }

  @Test
  void tenSupervisorKillsAndFourWorkerKillsUnderCpuLoadLoseNothing(@TempDir Path data) throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/stress-ng")), "stress-ng is not installed (apt-get install stress-ng)");
    Process stress = new ProcessBuilder("stress-ng", "--cpu", "4", "--timeout", "3600").redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    try (TestDatabase db = TestDatabase.create(); TestRedis redis = new TestRedis()) {
      Path inbox = data.resolve("inbox");
      Files.createDirectories(inbox);
      List<String> images = new ArrayList<>();
      SampleLibrary lib = TestImages.library();
      for (int c = 0; c < COPIES; c++) {
        for (SampleLibrary.Sample s : lib.samples()) {
          String name = "c" + c + "-" + s.file();
          Files.copy(lib.path(s), inbox.resolve(name));
          images.add(name);
        }
      }
      SupervisorProcess sup = SupervisorProcess.start(data, db, redis);
      try {
        List<Long> batches = new ArrayList<>();
        long batch = submit(sup, images);
        batches.add(batch);
        int workerKills = 0;
        int lastDone = 0;
        int kills = 0;
        while (kills < SUPERVISOR_KILLS) {
          int since = lastDone;
          SupervisorProcess running = sup;
          long watched = batch;
          JsonNode b = await("progress").atMost(Duration.ofSeconds(600)).pollInterval(Duration.ofMillis(30))
              .until(() -> get(running.port, watched), x -> x != null && (x.get("done").asInt() >= since + 3 || ended(x)));
          if (ended(b)) {
            // the cage outran the kills (a fast host): more work, so every kill lands while images are in flight
            assertTrue(batches.size() < MAX_BATCHES, "the cage keeps finishing batches between kills: " + batches.size());
            batch = submit(sup, images);
            batches.add(batch);
            lastDone = 0;
            continue;
          }
          if (kills % 2 == 1 && workerKills < WORKER_KILLS && killAWorker(data)) {
            workerKills++; // and the supervisor goes on; it is killed at the next round's progress
            int after = b.get("done").asInt();
            await("progress after a worker kill").atMost(Duration.ofSeconds(600)).pollInterval(Duration.ofMillis(30))
                .until(() -> get(running.port, watched), x -> x != null && (x.get("done").asInt() >= after + 2 || ended(x)));
          }
          sup.kill9();
          kills++;
          sup = SupervisorProcess.start(data, db, redis);
          lastDone = get(sup.port, batch).get("done").asInt();
        }
        assertEquals(WORKER_KILLS, workerKills, "four workers were killed from outside");
        SupervisorProcess finalSup = sup;
        for (long each : batches) {
          await("batch " + each + " finishes").atMost(Duration.ofSeconds(1200))
              .until(() -> get(finalSup.port, each), x -> x != null && ended(x));
        }
        List<Path> litter = files(data.resolve("outbox")).stream()
            .filter(p -> p.getFileName().toString().startsWith(".")).toList();
        assertEquals(List.of(), litter, "no temp file while the cage runs");
        sup.stop();
        System.out.printf("kill loop under load: %d batches, %d supervisor kills, %d worker kills, %d strikes, %d worker_killed events%n",
            batches.size(), SUPERVISOR_KILLS, workerKills,
            db.count("select coalesce(sum(strikes), 0) from images"),
            db.count("select count(*) from run_events where type = 'worker_killed'"));
        int expected = images.size() * batches.size();
        assertEquals(expected, files(data.resolve("outbox")).size(), "exactly one file per image");
        assertEquals(expected, db.count("select count(*) from images where state = 'done'"));
        assertEquals(0, db.count("select count(*) from dead_letters"), "nothing dead-lettered");
        try (Connection c = db.connect(); Statement s = c.createStatement();
            ResultSet rs = s.executeQuery("select image, count(*) from run_events where type = 'image_done'"
                + " and note is null group by image having count(*) > 1")) {
          assertTrue(!rs.next(), "an image was made twice");
        }
        List<String> inexact = DoneRecords.notExactlyOnce(db);
        System.out.printf("kill loop under load: %d published, %d image_done in the records, %d images not recorded"
            + " exactly once%n", expected, db.count("select count(*) from run_events where type = 'image_done'"),
            inexact.size());
        assertEquals(List.of(), inexact, "every published image has exactly one image_done in the run records");
      } finally {
        sup.close();
        WorkerPool.killLeftovers(data.resolve("run"));
      }
    } finally {
      stress.destroy();
    }
  }
}
