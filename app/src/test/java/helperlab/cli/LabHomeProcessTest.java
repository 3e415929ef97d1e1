package helperlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab started as a process with {@code HOME} pointed elsewhere keeps everything there: nothing is written under
 * the home the password file gives ({@code user.home}, stood in for by a folder of the test's own).
 */
class LabHomeProcessTest {
  @Test
  void theLabWritesUnderHomeAndNothingUnderThePasswordFilesHome(@TempDir Path dir) throws Exception {
    Path passwdHome = Files.createDirectories(dir.resolve("passwd-home"));
    Path home = Files.createDirectories(dir.resolve("home"));
    Path runs = Files.createDirectories(dir.resolve("runs"));
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Duser.home=" + passwdHome);
    for (String a : List.of("-Djava.awt.headless=true", "-Dglass.platform=Monocle", "-Dmonocle.platform=Headless",
        "-Dprism.order=sw", "-Dprism.text=t2k", "-Dheadless.geometry=1280x720-32")) {
      cmd.add(a);
    }
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), "helperlab.cli.Main", "lab", "--exit-when-shown",
        "--runs-dir", runs.toString()));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile());
    pb.environment().put("HOME", home.toString());
    pb.environment().remove("XDG_CONFIG_HOME");
    Process p = pb.start();
    assertTrue(p.waitFor(3, TimeUnit.MINUTES), "the lab did not close after its first frame");
    String out = Files.readString(dir.resolve("out.txt"));
    assertEquals(0, p.exitValue(), out);
    assertTrue(out.contains("first frame"), out);
    assertTrue(!out.contains("Unsupported JavaFX configuration"), "JavaFX's class-path notice is not shown: " + out);
    assertEquals(List.of(), filesUnder(passwdHome), "written under the password file's home");
    assertTrue(Files.isRegularFile(home.resolve(".helper-lab").resolve("lab.json")),
        "settings saved under $HOME: " + filesUnder(home));
  }

  private static List<Path> filesUnder(Path root) throws IOException {
    try (Stream<Path> s = Files.walk(root)) {
      return s.filter(p -> !p.equals(root)).map(root::relativize).toList();
    }
  }
}
