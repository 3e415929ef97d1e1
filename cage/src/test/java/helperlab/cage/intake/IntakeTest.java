package helperlab.cage.intake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.TestImages;
import helperlab.cage.image.SampleLibrary;
import helperlab.cage.supervisor.CageHarness;
import helperlab.model.EventType;
import helperlab.model.RunEvent;
import helperlab.model.RunRecord;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The intake end to end, on one real cage: batches complete with every output once, decodable and
 * at the preset's size; every bad input gets a 4xx with a reason and disturbs nothing; the run's
 * record accounts for every batch and image.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class IntakeTest {
  Path data;

  CageHarness cage;
  final List<Long> admitted = new ArrayList<>();
  int badRequests;

  @BeforeAll
  void start(@TempDir Path dir) throws Exception {
    data = dir;
    cage = CageHarness.start(data, Map.of("max_batch_images", 40));
    CageHarness.copyLibraryInto(cage.inbox());
    TestImages.png(cage.inbox().resolve("alpha.png"), 900, 700);
    Files.createDirectories(cage.inbox().resolve("sub"));
    Files.copy(TestImages.photo(5), cage.inbox().resolve("sub/five.jpg"));
    TestImages.truncatedJpeg(cage.inbox().resolve("cut.jpg"));
    TestImages.bombPng(cage.inbox().resolve("bomb.png"));
    Files.write(cage.inbox().resolve("empty.jpg"), new byte[0]);
    Files.writeString(cage.inbox().resolve("notes.jpg"), "these are not pixels\n");
    Files.writeString(data.resolve("outside.jpg"), "outside");
  }

  @AfterAll
  void stop() throws Exception {
    if (cage != null) {
      cage.close();
    }
  }

  private List<String> libraryFiles() throws Exception {
    return TestImages.library().samples().stream().map(SampleLibrary.Sample::file).toList();
  }

  @Test
  @Order(1)
  void aBatchCompletesAndEveryOutputExistsOnceDecodesAndHasThePresetSize() throws Exception {
    List<String> images = new ArrayList<>(libraryFiles());
    images.add("alpha.png");
    images.add("sub/five.jpg");
    long web = cage.submit("web", images, 120.0);
    long thumb = cage.submit("thumb", libraryFiles(), 120.0);
    admitted.add(web);
    admitted.add(thumb);
    for (long id : List.of(web, thumb)) {
      JsonNode b = cage.awaitFinished(id, Duration.ofSeconds(90));
      assertEquals("met", b.get("state").asText(), b.toString());
      int edge = id == web ? 2048 : 320;
      Path dir = data.resolve("outbox").resolve(Long.toString(id));
      List<Path> files;
      try (Stream<Path> s = Files.list(dir)) {
        files = s.sorted().toList();
      }
      assertEquals(b.get("total").asInt(), files.size(), "one file per image, nothing else: " + files);
      for (JsonNode im : b.get("images")) {
        assertEquals("done", im.get("state").asText());
        Path out = Path.of(im.get("output").asText());
        assertTrue(files.contains(out), out + " is among " + files);
        BufferedImage decoded = ImageIO.read(out.toFile());
        assertNotNull(decoded, out + " decodes");
        BufferedImage source = ImageIO.read(Path.of(im.get("source").asText()).toFile());
        int srcLong = Math.max(source.getWidth(), source.getHeight());
        int expectLong = Math.min(edge, srcLong);
        assertEquals(expectLong, Math.max(decoded.getWidth(), decoded.getHeight()), out + ": long edge");
        double srcAspect = (double) source.getWidth() / source.getHeight();
        double outAspect = (double) decoded.getWidth() / decoded.getHeight();
        assertEquals(srcAspect, outAspect, 0.01, out + ": aspect kept");
        assertEquals(im.get("source").asText().endsWith(".png"), out.toString().endsWith(".png"), "format kept");
      }
    }
  }

  private void expectRefused(String body, int status, String... phrases) throws Exception {
    CageHarness.Answer a = cage.post(body);
    badRequests++;
    assertEquals(status, a.status(), body + " -> " + a.body());
    String error = a.body().get("error").asText();
    for (String p : phrases) {
      assertTrue(error.contains(p), "'" + error + "' should say '" + p + "'");
    }
  }

  @Test
  @Order(2)
  void everyBadInputGetsAClearFourHundredAndTheCageKeepsServing() throws Exception {
    expectRefused("{\"preset\": \"web\", \"images\": [", 400, "malformed JSON");
    expectRefused("[1, 2]", 400, "JSON object");
    expectRefused("{\"preset\":\"poster\",\"images\":[\"a.jpg\"]}", 400, "unknown preset 'poster'", "thumb, web, archive");
    expectRefused("{\"images\":[\"a.jpg\"]}", 400, "preset is required");
    expectRefused("{\"preset\":\"web\",\"images\":[]}", 400, "images is empty");
    expectRefused("{\"preset\":\"web\",\"images\":[\"x.jpg\"],\"colour\":\"red\"}", 400, "unknown field 'colour'");
    StringBuilder big = new StringBuilder("{\"preset\":\"web\",\"images\":[");
    for (int i = 0; i < 41; i++) {
      big.append(i > 0 ? "," : "").append("\"sample-00-0.3mp.jpg\"");
    }
    expectRefused(big + "]}", 413, "41 images", "40");
    expectRefused("{\"preset\":\"web\",\"images\":[\"no-such.jpg\"]}", 422, "no-such.jpg", "no such file");
    expectRefused("{\"preset\":\"web\",\"images\":[\"../outside.jpg\"]}", 422, "outside the inbox");
    expectRefused("{\"preset\":\"web\",\"images\":[\"" + data.resolve("outside.jpg") + "\"]}", 422, "outside the inbox");
    expectRefused("{\"preset\":\"web\",\"images\":[\"notes.jpg\"]}", 422, "not a JPEG or PNG");
    expectRefused("{\"preset\":\"web\",\"images\":[\"empty.jpg\"]}", 422, "empty file");
    expectRefused("{\"preset\":\"web\",\"images\":[\"cut.jpg\"]}", 422, "truncated JPEG");
    expectRefused("{\"preset\":\"web\",\"images\":[\"bomb.png\"]}", 422, "100000 x 100000", "refused before decoding");
    expectRefused("{\"preset\":\"web\",\"images\":[\"sample-00-0.3mp.jpg\"],\"deadline\":\"" + Instant.now().minusSeconds(5)
        + "\"}", 422, "in the past");
    expectRefused("{\"preset\":\"web\",\"images\":[\"sample-00-0.3mp.jpg\"],\"deadline_s\":-3}", 422, "deadline in the past");
    expectRefused("{\"preset\":\"web\",\"images\":[\"sample-00-0.3mp.jpg\"],\"deadline\":\"tomorrow\"}", 400, "ISO-8601");
    // One bad image refuses the whole batch, and every problem is listed.
    CageHarness.Answer mixed = cage.post("{\"preset\":\"web\",\"images\":[\"sample-00-0.3mp.jpg\",\"notes.jpg\",\"bomb.png\"]}");
    badRequests++;
    assertEquals(422, mixed.status());
    assertEquals(2, mixed.body().get("problems").size(), mixed.body().toString());
    // Nothing of the refused requests reached the schedule or the store as a batch.
    assertEquals(0, cage.db.count("select count(*) from batches where state in ('pending', 'admitted')"
        + " and id not in (" + admitted.stream().map(String::valueOf).reduce((a, b) -> a + "," + b).orElse("0") + ")"));
    // And the cage keeps serving.
    long after = cage.submit("thumb", List.of(libraryFiles().get(2), "sub/five.jpg"), 60.0);
    admitted.add(after);
    assertEquals("met", cage.awaitFinished(after, Duration.ofSeconds(60)).get("state").asText());
    assertEquals(404, cage.get("/batches/999999").status());
    assertEquals(400, cage.get("/batches/abc").status());
    assertEquals(405, cage.get("/batches").status());
  }

  @Test
  @Order(3)
  void theRunRecordAccountsForEveryBatchAndImage() throws Exception {
    RunRecord record = cage.stopAndRecord();
    assertEquals(RunRecord.KIND_REAL, record.kind());
    assertEquals(admitted.size(), record.metrics().submitted(), "refused requests never became batches");
    assertEquals(admitted.size(), record.metrics().met());
    long images = cage.db.count("select count(*) from images i join batches b on b.id = i.batch_id where b.state = 'met'");
    assertEquals(images, record.metrics().imagesDone());
    assertEquals(images, cage.db.count("select count(*) from images where state = 'done'"));
    for (RunEvent e : record.events()) {
      if (e.type() == EventType.IMAGE_STARTED) {
        assertTrue(record.events().stream().anyMatch(r -> r.type() == EventType.WORKER_READY && r.worker() == e.worker()
            && r.t() <= e.t()), "worker " + e.worker() + " was ready before its first image");
      }
    }
    assertTrue(record.samples().size() > 3);
    assertFalse(record.tasks().isEmpty());
    // The record is also in PostgreSQL, and the stream in Redis has every entry in order.
    assertEquals(1, cage.db.count("select count(*) from runs where id = '" + record.id() + "' and record is not null"));
    try (var j = cage.redis.connect()) {
      var entries = j.xrange(cage.redis.prefix + ":run:" + record.id(), (redis.clients.jedis.StreamEntryID) null, null);
      assertEquals(record.events().size() + record.samples().size() + 1, entries.size(), "events, samples and the end");
      for (int i = 0; i < entries.size(); i++) {
        assertEquals(i + 1, entries.get(i).getID().getTime());
      }
    }
  }
}
