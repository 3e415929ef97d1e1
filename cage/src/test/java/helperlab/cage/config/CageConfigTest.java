package helperlab.cage.config;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.DataFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Configuration: defaults, then a file, then flags, then the environment; errors name the field. */
class CageConfigTest {
  @Test
  void fileThenFlagsThenEnvironment(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("cage.json");
    Files.writeString(file, "{\"data\": \"/srv/cage\", \"policy\": \"box\", \"cpus\": 1.5, \"memory\": \"2g\","
        + " \"port\": 8000}");
    Map<String, Object> flags = new HashMap<>();
    flags.put("port", 9000);
    flags.put("heartbeat_timeout_s", 2);
    CageConfig c = CageConfig.load(file, flags, Map.of(CageConfig.ENV_REDIS, "redis://10.0.0.1:6380"));
    assertEquals("/srv/cage", c.home().data());
    assertEquals("box", c.scheduling().policy());
    assertEquals(9000, c.intake().port(), "a flag beats the file");
    assertEquals(2L << 30, c.memoryBytes());
    assertEquals(2, c.timeouts().heartbeatTimeoutS());
    assertEquals("redis://10.0.0.1:6380", c.services().redisUrl(), "the environment beats both");
    assertTrue(c.services().pgUrl()
            .matches("jdbc:postgresql://127\\.0\\.0\\.1:5432/helperlab_cage_[0-9a-f]{8}\\?user=postgres"),
        "no database named: the cage's own, named for its identity: " + c.services().pgUrl());
    assertEquals("helperlab_" + c.identity().id().replace('-', '_'), c.identity().defaultDatabase());
    CageConfig other = CageConfig.load(null, Map.of("data", "/srv/other/cage"), Map.of());
    assertTrue(!other.services().pgUrl().equals(c.services().pgUrl()) && !other.identity().equals(c.identity()),
        "another data directory, another identity and database: " + other.services().pgUrl());
    assertEquals("shop-1", CageConfig.load(null, Map.of("data", "/srv/cage", "cage_id", "shop-1"), Map.of()).identity().id());
    RuntimeException bad = assertThrows(helperlab.model.DataFileException.class,
        () -> CageConfig.load(null, Map.of("data", "d", "cage_id", "Shop 1"), Map.of()));
    assertTrue(bad.getMessage().contains("cage_id must be"), bad.getMessage());
    assertEquals("127.0.0.1", c.intake().bind(), "loopback by default");
    assertEquals("pool-edf-10", CageConfig.load(null, Map.of("data", "d"), Map.of()).scheduling().policy());
  }

  @Test
  void sizes() {
    assertEquals(1536L << 20, CageConfig.parseSize("memory", "1536m"));
    assertEquals(512L << 20, CageConfig.parseSize("memory", "512MiB"));
    assertEquals(3L << 29, CageConfig.parseSize("memory", "1.5G"));
    assertEquals(0, CageConfig.parseSize("memory", ""));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CageConfig.parseSize("memory", "lots"));
    assertTrue(e.getMessage().contains("memory must be a size"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> CageConfig.parseSize("memory", "1k"));
  }

  @Test
  void errorsNameTheFieldAndTheFile(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("bad.json");
    Files.writeString(file, "{\"data\": \"d\", \"policy\": \"pool-magic\"}");
    DataFileException e = assertThrows(DataFileException.class, () -> CageConfig.load(file, Map.of(), Map.of()));
    assertTrue(e.getMessage().contains("bad.json") && e.getMessage().contains("unknown policy 'pool-magic'"), e.getMessage());
    Files.writeString(file, "{\"data\": \"d\", \"colour\": \"red\"}");
    e = assertThrows(DataFileException.class, () -> CageConfig.load(file, Map.of(), Map.of()));
    assertTrue(e.getMessage().contains("unknown field 'colour'"), e.getMessage());
    e = assertThrows(DataFileException.class,
        () -> CageConfig.load(null, Map.of("data", "d", "pg_url", "postgres://x"), Map.of()));
    assertTrue(e.getMessage().contains("pg_url must be a jdbc:postgresql: URL"), e.getMessage());
    e = assertThrows(DataFileException.class, () -> CageConfig.load(null, Map.of("data", "d", "port", 70000), Map.of()));
    assertTrue(e.getMessage().contains("port must be between 0 and 65535"), e.getMessage());
  }
}
