package helperlab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code deploy --check}'s script run by a real {@code sh} on this machine (which has Java 17, and
 * PostgreSQL and Redis answering on their ports): one line per item, what answers said to answer,
 * a port with nothing on it said to be silent, the worker budget there.
 */
class ServerCheckTest {
  private static Map<String, String> runScript(int pg, int redis) throws Exception {
    Process p = new ProcessBuilder("sh", "-c", ServerCheck.script("\"$HOME\"", pg, redis)).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    return ServerCheck.parse(out);
  }

  @Test
  void thisMachineHasWhatTheCageNeeds() throws Exception {
    List<ServerCheck.Item> items = ServerCheck.items(runScript(5432, 6379));
    assertEquals(List.of("java", "postgresql", "redis", "cgroup", "systemd", "disk", "memory", "budget", "sudo",
        "jpeg"),
        items.stream().map(ServerCheck.Item::name).toList());
    for (ServerCheck.Item i : items) {
      assertTrue(!i.toString().contains("\n"), "one line: " + i);
    }
    ServerCheck.Item java = items.get(0);
    assertEquals(ServerCheck.Level.OK, java.level(), java.toString());
    assertTrue(items.get(1).text().startsWith("answers on 127.0.0.1:5432"), items.get(1).toString());
    assertTrue(items.get(2).text().startsWith("answers on 127.0.0.1:6379"), items.get(2).toString());
    assertTrue(items.get(7).text().matches("\\d+ workers \\(.*\\): .*"), items.get(7).toString());
    assertEquals(ServerCheck.Level.OK, items.get(9).level(), "the packages .ci/run installs: " + items.get(9));
  }

  @Test
  void aServerWithoutLibjpegTurboIsAWarningThatNamesThePackages() {
    ServerCheck.Item jpeg = ServerCheck.items(Map.of("jpeg_turbo", "no")).get(9);
    assertEquals(ServerCheck.Level.WARN, jpeg.level());
    assertTrue(jpeg.text().endsWith("sudo apt-get install -y libturbojpeg-java libturbojpeg0-dev"), jpeg.toString());
  }

  @Test
  void aPortWithNothingOnItIsSilent() throws Exception {
    int free;
    try (ServerSocket s = new ServerSocket(0)) {
      free = s.getLocalPort();
    }
    List<ServerCheck.Item> items = ServerCheck.items(runScript(free, free));
    assertTrue(items.get(1).text().startsWith("nothing answers on 127.0.0.1:" + free), items.get(1).toString());
    assertTrue(items.get(2).text().startsWith("nothing answers on 127.0.0.1:" + free), items.get(2).toString());
  }

  @Test
  void theInstallCommandIsTheDistributions() {
    assertEquals("sudo apt-get install -y openjdk-17-jre-headless postgresql redis-server",
        ServerCheck.installCommand(Map.of("os_id", "ubuntu", "os_like", "debian")));
    assertEquals("sudo dnf install -y java-17-openjdk-headless postgresql-server redis",
        ServerCheck.installCommand(Map.of("os_id", "rocky", "os_like", "rhel centos fedora")));
    assertEquals(17, ServerCheck.javaMajor("openjdk version \"17.0.15\" 2025-04-15"));
    assertEquals(8, ServerCheck.javaMajor("java version \"1.8.0_292\""));
  }

  @Test
  void theInstallCommandListsOnlyWhatIsMissing() {
    // Java 17 and PostgreSQL installed, nothing answers on 6379 and no redis-server: only Redis is named
    Map<String, String> f = Map.of("os_id", "debian", "java", "openjdk version \"17.0.15\" 2025-04-15",
        "pg_bin", "/usr/lib/postgresql/15/bin", "pg_answers", "down", "redis_answers", "down");
    assertEquals(java.util.EnumSet.of(ServerCheck.Need.REDIS), ServerCheck.missing(f, false, false, false));
    assertEquals("sudo apt-get install -y redis-server", ServerCheck.installCommand(f));
    // no Java at all, both services answering: only Java
    Map<String, String> noJava = Map.of("os_id", "debian", "java", "", "pg_answers", "up", "redis_answers", "up",
        "pg_bin", "/usr/lib/postgresql/15/bin", "redis_version", "Redis server v=7.0.15");
    assertEquals("sudo apt-get install -y openjdk-17-jre-headless", ServerCheck.installCommand(noJava));
    // Java 11 is too old; the services answer but private ones are forced and their binaries are missing
    Map<String, String> old = Map.of("os_id", "fedora", "java", "openjdk version \"11.0.2\"", "pg_answers", "up",
        "redis_answers", "up");
    assertEquals(java.util.EnumSet.allOf(ServerCheck.Need.class), ServerCheck.missing(old, true, false, false));
    assertEquals(java.util.EnumSet.of(ServerCheck.Need.JAVA), ServerCheck.missing(old, true, true, true));
    assertEquals("install Java 17 with the system's package manager",
        ServerCheck.installCommand(Map.of("java", ""), ServerCheck.missing(Map.of("java", "", "pg_answers", "up",
            "redis_answers", "up"), false, false, false)));
  }
}
