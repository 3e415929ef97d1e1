package helperlab.cage.intake;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.TestImages;
import helperlab.cage.image.SampleLibrary;
import helperlab.cage.supervisor.CageHarness;
import helperlab.model.DataFile;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Clients that open a connection and stall mid-request (in the headers or in the body) cost the
 * intake a connection each and nothing else: {@code /health} and new batches still answer while
 * they hang, and the idle timeout closes them. A refused batch's images say they were refused.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IntakeStallTest {
  static final int STALLED = 50;
  /** Generous: these assert that answers come, never how fast. */
  static final Duration PATIENCE = Duration.ofSeconds(120);

  CageHarness cage;
  final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();

  @BeforeAll
  void start(@TempDir Path dir) throws Exception {
    cage = CageHarness.start(dir, Map.of());
    CageHarness.copyLibraryInto(cage.inbox());
  }

  @AfterAll
  void stop() throws Exception {
    if (cage != null) {
      cage.close();
    }
  }

  /** Half the clients stop inside their headers, half inside a body they announced. */
  private static List<Socket> stall(int port, int n) throws IOException {
    List<Socket> sockets = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Socket s = new Socket("127.0.0.1", port);
      String part = i % 2 == 0
          ? "POST /batches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty"
          : "POST /batches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n"
              + "{\"preset\":\"thumb\",\"images\":[";
      s.getOutputStream().write(part.getBytes(StandardCharsets.US_ASCII));
      s.getOutputStream().flush();
      sockets.add(s);
    }
    return sockets;
  }

  /** True once the server has closed its side (anything it sent first, such as a 408, is read and dropped). */
  private static boolean closedByServer(Socket s) {
    try {
      s.setSoTimeout(50);
      InputStream in = s.getInputStream();
      byte[] buf = new byte[4096];
      int n;
      while ((n = in.read(buf)) > 0) {
        // an error page before the close
      }
      return n < 0;
    } catch (SocketTimeoutException e) {
      return false;
    } catch (IOException e) {
      return true; // reset
    }
  }

  private HttpResponse<String> send(int port, String path, String postBody) throws IOException, InterruptedException {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).timeout(PATIENCE);
    b = postBody == null ? b.GET() : b.POST(HttpRequest.BodyPublishers.ofString(postBody));
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  private String batchJson() throws IOException {
    String file = TestImages.library().samples().get(0).file();
    return "{\"preset\":\"thumb\",\"images\":[" + DataFile.compact(file) + "],\"deadline_s\":300}";
  }

  @Test
  void fiftyStalledClientsLeaveHealthAndNewBatchesAnswering() throws Exception {
    // An idle timeout far longer than the test: only the server's design can answer while they hang.
    try (Intake intake = new Intake(cage.supervisor, IntakeLimits.DEFAULT.withIdleTimeout(Duration.ofHours(1)))) {
      int port = intake.port();
      List<Socket> stalled = stall(port, STALLED);
      try {
        HttpResponse<String> health = send(port, "/health", null);
        assertEquals(200, health.statusCode(), health.body());
        HttpResponse<String> posted = send(port, "/batches", batchJson());
        assertEquals(202, posted.statusCode(), posted.body());
        long batch = DataFile.JSON.readTree(posted.body()).get("batch").asLong();
        HttpResponse<String> view = send(port, "/batches/" + batch, null);
        assertEquals(200, view.statusCode(), view.body());
        for (Socket s : stalled) {
          assertFalse(closedByServer(s), "the stalled clients were still hanging while the others were answered");
        }
        cage.awaitFinished(batch, PATIENCE);
      } finally {
        for (Socket s : stalled) {
          s.close();
        }
      }
    }
  }

  @Test
  void theIdleTimeoutClosesStalledClients() throws Exception {
    try (Intake intake = new Intake(cage.supervisor, IntakeLimits.DEFAULT.withIdleTimeout(Duration.ofMillis(500)))) {
      List<Socket> stalled = stall(intake.port(), 10);
      try {
        for (Socket s : stalled) {
          await().atMost(PATIENCE).until(() -> closedByServer(s));
        }
        HttpResponse<String> health = send(intake.port(), "/health", null);
        assertEquals(200, health.statusCode());
      } finally {
        for (Socket s : stalled) {
          s.close();
        }
      }
    }
  }

  @Test
  void aRefusedBatchsImagesSayTheyWereRefused() throws Exception {
    List<String> files = TestImages.library().samples().stream().map(SampleLibrary.Sample::file).toList();
    StringBuilder json = new StringBuilder("{\"preset\":\"web\",\"deadline_s\":0.05,\"images\":[");
    for (int i = 0; i < files.size(); i++) {
      json.append(i > 0 ? "," : "").append(DataFile.compact(files.get(i)));
    }
    CageHarness.Answer a = cage.post(json + "]}");
    assertTrue(a.status() == 422 || a.status() == 429, a.body().toString());
    long batch = a.body().get("batch").asLong();
    JsonNode view = cage.get("/batches/" + batch).body();
    assertEquals("refused", view.get("state").asText(), view.toString());
    assertEquals(files.size(), view.get("images").size());
    for (JsonNode im : view.get("images")) {
      assertEquals("refused", im.get("state").asText(), view.toString());
    }
    assertEquals(files.size(), cage.db.count("select count(*) from images where batch_id = " + batch
        + " and state = 'refused'"));
  }
}
