package helperlab.cage.supervisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.TestRedis;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dependency that fails is said and bounded: a PostgreSQL URL that points at something which
 * accepts connections and never answers (Redis's port) fails the start with a plain message instead of
 * hanging; a dead Redis at start is a warning, and {@code /health} says the cage is degraded and why.
 */
class DependencyFailuresTest {
  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS) // a guard against the hang this test is about, not a measure
  void aPostgresUrlAtAServiceThatNeverAnswersFailsTheStartInPlainWords(@TempDir Path data) {
    URI redis = URI.create(TestRedis.URL);
    String url = "jdbc:postgresql://" + redis.getHost() + ":" + redis.getPort() + "/helperlab_never?user=postgres";
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> CageHarness.start(data, Map.of("pg_url", url)).close());
    assertTrue(e.getMessage().contains("no PostgreSQL answer from"), e.getMessage());
    assertTrue(e.getMessage().contains("another service's port"), e.getMessage());
  }

  @Test
  void aDeadRedisAtStartIsAWarningAndHealthSaysDegraded(@TempDir Path data) throws Exception {
    int closedPort;
    try (ServerSocket s = new ServerSocket(0)) {
      closedPort = s.getLocalPort(); // nothing listens there once this is closed
    }
    try (CageHarness cage = CageHarness.start(data, Map.of("redis_url", "redis://127.0.0.1:" + closedPort))) {
      assertTrue(cage.log().contains("cage: WARNING: Redis at redis://127.0.0.1:" + closedPort + " does not answer"),
          cage.log());
      CageHarness.Answer health = cage.get("/health");
      assertEquals(200, health.status(), "the intake still takes batches");
      JsonNode h = health.body();
      assertEquals("degraded", h.get("status").asText(), h.toString());
      assertTrue(h.get("why").get(0).asText().contains("Redis at redis://127.0.0.1:" + closedPort), h.toString());
    }
  }
}
