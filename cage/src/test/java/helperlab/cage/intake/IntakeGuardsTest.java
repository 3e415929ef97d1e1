package helperlab.cage.intake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.cage.supervisor.CageHarness;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The intake's codes and words: 413 for any body over the limit, chunked or not; paths named relative to the inbox. */
class IntakeGuardsTest {
  @Test
  void aBodyOverTheLimitIs413ChunkedOrNotAndErrorsNameNoAbsolutePath(@TempDir Path data) throws Exception {
    try (CageHarness cage = CageHarness.start(data, Map.of())) {
      byte[] big = new byte[Intake.MAX_BODY + 4096];
      Arrays.fill(big, (byte) ' ');
      HttpClient http = HttpClient.newHttpClient();
      URI uri = URI.create("http://127.0.0.1:" + cage.intake.port() + "/batches");
      HttpResponse<String> sized = http.send(HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.ofByteArray(big))
          .build(), HttpResponse.BodyHandlers.ofString());
      assertEquals(413, sized.statusCode(), sized.body());
      // No length given: the body comes chunked and only its size tells.
      HttpResponse<String> chunked = http.send(HttpRequest.newBuilder(uri)
          .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big))).build(),
          HttpResponse.BodyHandlers.ofString());
      assertEquals(413, chunked.statusCode(), chunked.body());
      assertTrue(chunked.body().contains("larger than " + Intake.MAX_BODY), chunked.body());

      Files.createDirectories(cage.inbox());
      Files.writeString(cage.inbox().resolve("notes.jpg"), "not an image");
      String inbox = cage.inbox().toAbsolutePath().toString();
      for (String image : new String[] {"../outside.jpg", data.resolve("outside.jpg").toString(), "notes.jpg",
          "missing/deep.jpg"}) {
        CageHarness.Answer a = cage.post("{\"preset\":\"web\",\"images\":[\"" + image + "\"]}");
        assertEquals(422, a.status(), a.body().toString());
        String reason = a.body().get("problems").get(0).get("reason").asText();
        assertTrue(!reason.contains(inbox), "'" + reason + "' names the inbox's absolute path");
      }
    }
  }
}
