package helperlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.remote.ServerJar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The headless server jar {@code mvn package} builds beside the desktop's (run in {@code mvn -Pdist verify}, after the
 * jars; tag "dist"): no JavaFX inside (nor chartfx), at most 20 MB, it runs, and it is what {@code deploy} from the
 * desktop jar uploads.
 */
@Tag("dist")
class ServerJarTest {
  private static final Path TARGET = Path.of("target");
  private static final Path SERVER = TARGET.resolve(ServerJar.NAME);
  private static final long MAX_BYTES = 20L * 1024 * 1024;

  @Test
  void theServerJarHoldsNoJavaFxAndFitsInTwentyMegabytes() throws IOException {
    assertTrue(Files.isRegularFile(SERVER), SERVER + " was not built");
    try (ZipFile jar = new ZipFile(SERVER.toFile())) {
      List<String> desktop = jar.stream().map(ZipEntry::getName)
          .filter(n -> n.startsWith("javafx/") || n.startsWith("com/sun/javafx/") || n.startsWith("com/sun/glass/")
              || n.startsWith("com/sun/prism/") || n.startsWith("io/fair_acc/") || n.startsWith("helperlab/lab/"))
          .limit(5).toList();
      assertEquals(List.of(), desktop, SERVER + " holds the desktop's classes");
    }
    long size = Files.size(SERVER);
    assertTrue(size <= MAX_BYTES, SERVER + " is " + size / 1024 + " KiB, over 20 MB");
  }

  @Test
  void theServerJarRunsHeadless() throws Exception {
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Djava.awt.headless=true", "-jar", SERVER.toString(), "--version").redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "--version did not end");
    assertEquals(0, p.exitValue(), out);
  }

  @Test
  void deployFromTheDesktopJarUploadsTheServerJar() {
    Path desktop = TARGET.resolve("helper-lab.jar");
    assertTrue(ServerJar.holdsJavaFx(desktop), desktop + " should be the desktop jar");
    assertEquals(SERVER.toAbsolutePath(), ServerJar.forRunning(desktop));
    assertEquals(SERVER, ServerJar.forRunning(SERVER), "run from the server jar, deploy uploads itself");
  }
}
