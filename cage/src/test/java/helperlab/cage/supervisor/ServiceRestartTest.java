package helperlab.cage.supervisor;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.PrivateServices;
import helperlab.cage.TestDatabase;
import helperlab.cage.TestImages;
import helperlab.cage.TestRedis;
import helperlab.cage.ctl.CtlServer;
import helperlab.cage.image.SampleLibrary;
import helperlab.model.RunRecord;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Redis and PostgreSQL restart while the cage works (private servers, so the shared ones are never
 * touched): the cage serves on, a follower of the live stream sees every entry with no gap, the
 * stream ends up whole in Redis, and every image, event and the run record end up in PostgreSQL.
 */
class ServiceRestartTest {
  private static void awaitStatus(CageHarness cage, java.util.function.Predicate<JsonNode> ok) throws Exception {
    await("the status gets there").atMost(Duration.ofSeconds(60)).until(cage::status, ok::test);
  }

  @Test
  void redisAndPostgresRestartMidRunAndNothingIsLost(@TempDir Path data) throws Exception {
    Assumptions.assumeTrue(PrivateServices.Redis.unavailable() == null, PrivateServices.Redis.unavailable());
    Assumptions.assumeTrue(PrivateServices.Postgres.unavailable() == null, PrivateServices.Postgres.unavailable());
    try (PrivateServices.Redis redisServer = new PrivateServices.Redis();
        PrivateServices.Postgres pgServer = new PrivateServices.Postgres()) {
      TestDatabase db = TestDatabase.create(pgServer.serverUrl());
      TestRedis redis = new TestRedis(redisServer.url());
      CageHarness cage = CageHarness.restart(data, db, redis, Map.of());
      try {
        CageHarness.copyLibraryInto(cage.inbox());
        List<String> images = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
          images.addAll(TestImages.library().samples().stream().map(SampleLibrary.Sample::file).toList());
        }
        String run = cage.supervisor.currentRun();
        List<String> followed = new ArrayList<>();
        CompletableFuture<Void> follower = CompletableFuture.runAsync(() -> {
          try {
            for (JsonNode line : cage.ctl("{\"op\":\"follow\",\"from\":\"0\"}")) {
              // a stream quiet for 2 s (a busy host, Redis restarting) gets a heartbeat line, which has no id
              if (!CtlServer.HEARTBEAT.equals(line.path("type").asText())) {
                followed.add(line.get("id").asText());
              }
            }
          } catch (Exception e) {
            throw new IllegalStateException(e);
          }
        });
        long batch = cage.submit("web", images, 600.0);
        cage.awaitBatch(batch, Duration.ofSeconds(60), b -> b.get("done").asInt() >= 8);

        redisServer.stop();
        cage.awaitBatch(batch, Duration.ofSeconds(60), b -> b.get("done").asInt() >= 16);
        awaitStatus(cage, s -> !s.get("redis").get("up").asBoolean());
        redisServer.start(); // back, and empty

        cage.awaitBatch(batch, Duration.ofSeconds(60), b -> b.get("done").asInt() >= 24);
        pgServer.stop();
        CageHarness.Answer during = cage.post("{\"preset\":\"thumb\",\"images\":[\"" + images.get(0) + "\"]}");
        assertEquals(503, during.status(), "no promise without the database: " + during.body());
        assertTrue(during.retryAfter() != null);
        cage.awaitBatch(batch, Duration.ofSeconds(60), b -> b.get("done").asInt() >= 32);
        awaitStatus(cage, s -> !s.get("postgres").get("up").asBoolean()); // a checkpoint has failed
        pgServer.start();

        JsonNode b = cage.awaitFinished(batch, Duration.ofSeconds(120));
        assertEquals(images.size(), b.get("done").asInt());
        // up: each answers (asked at once); checkpointing and streaming: the cage's writes to each go through again
        awaitStatus(cage, s -> s.get("postgres").get("checkpointing").asBoolean() && s.get("redis").get("streaming").asBoolean());
        assertTrue(cage.log().contains("PostgreSQL is back"), cage.log());
        String one = "{\"preset\":\"thumb\",\"deadline_s\":60,\"images\":[\"" + images.get(0) + "\"]}";
        CageHarness.Answer again = await("the cage takes batches again").atMost(Duration.ofSeconds(120))
            .pollInterval(Duration.ofSeconds(1)).until(() -> cage.post(one), a -> a.status() != 503);
        assertEquals(202, again.status(), again.body().toString());
        long more = again.body().get("batch").asLong();
        assertEquals("met", cage.awaitFinished(more, Duration.ofSeconds(60)).get("state").asText(), "serving as before");

        RunRecord record = cage.stopAndRecord();
        follower.get(30, java.util.concurrent.TimeUnit.SECONDS);
        int entries = record.events().size() + record.samples().size() + 1;
        assertEquals(entries, followed.size(), "the follower saw every entry once, through the Redis restart");
        for (int i = 0; i < followed.size(); i++) {
          assertEquals((i + 1) + "-0", followed.get(i), "no gap, no repeat");
        }
        try (var j = redis.connect()) {
          assertEquals(entries, j.xlen(redis.prefix + ":run:" + run), "the stream is whole again in Redis");
        }
        assertEquals(images.size() + 1, db.count("select count(*) from images where state = 'done'"));
        assertEquals(record.events().size(), db.count("select count(*) from run_events where run_id = '" + run + "'"));
        assertEquals(record.samples().size(), db.count("select count(*) from run_samples where run_id = '" + run + "'"));
        assertEquals(1, db.count("select count(*) from runs where id = '" + run + "' and record is not null"));
        assertEquals(2, db.count("select count(*) from batches where state = 'met'"));
      } finally {
        cage.close(false);
        db.close();
      }
    }
  }
}
