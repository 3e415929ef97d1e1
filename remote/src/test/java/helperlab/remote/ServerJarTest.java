package helperlab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which jar deploy uploads: the server jar, the running one or the one beside the desktop's. */
class ServerJarTest {
  @TempDir
  Path dir;

  @Test
  void aJarWithoutJavaFxIsTheServerJarItself() throws IOException {
    Path server = jar(dir.resolve("renamed.jar"), "helperlab/cli/Main.class");
    assertEquals(server, ServerJar.forRunning(server));
  }

  @Test
  void fromADesktopJarTheServerJarBesideItIsUploaded() throws IOException {
    Path desktop = jar(dir.resolve("helper-lab.jar"), "javafx/application/Application.class");
    Path server = jar(dir.resolve(ServerJar.NAME), "helperlab/cli/Main.class");
    assertEquals(server.toAbsolutePath(), ServerJar.forRunning(desktop));
  }

  @Test
  void aDesktopJarAloneIsRefusedInPlainWords() throws IOException {
    Path desktop = jar(dir.resolve("helper-lab-linux.jar"), "javafx/application/Application.class");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ServerJar.forRunning(desktop));
    assertTrue(e.getMessage().contains("helper-lab-linux.jar is a desktop jar") && e.getMessage().contains("--jar"),
        e.getMessage());
  }

  private static Path jar(Path at, String entry) throws IOException {
    try (OutputStream out = Files.newOutputStream(at); ZipOutputStream z = new ZipOutputStream(out)) {
      z.putNextEntry(new ZipEntry(entry));
      z.write(new byte[] {1, 2, 3});
      z.closeEntry();
    }
    return at;
  }
}
