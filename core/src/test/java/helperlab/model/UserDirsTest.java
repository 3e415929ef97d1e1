package helperlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The home and the config folder are taken from the environment once, and never from which folders exist. */
class UserDirsTest {
  @Test
  void homeComesFromTheEnvironmentBeforeThePasswordFile() {
    UserDirs d = UserDirs.fromEnvironment(Map.of("HOME", "/elsewhere"), "/passwd-home");
    assertEquals(Path.of("/elsewhere"), d.home());
    assertEquals("$HOME", d.homeFrom());
    assertEquals(Path.of("/elsewhere/.helper-lab"), d.labHome());
    assertEquals(Path.of("/elsewhere/.ssh/known_hosts"), d.knownHosts());
  }

  @Test
  void aMissingOrRelativeHomeFallsBackToUserHome() {
    assertEquals(Path.of("/passwd-home"), UserDirs.fromEnvironment(Map.of(), "/passwd-home").home());
    UserDirs relative = UserDirs.fromEnvironment(Map.of("HOME", "relative"), "/passwd-home");
    assertEquals(Path.of("/passwd-home"), relative.home());
    assertEquals("user.home", relative.homeFrom());
  }

  @Test
  void xdgConfigHomeWinsWhateverFoldersExist(@TempDir Path dir) throws Exception {
    Path home = dir.resolve("home");
    Path xdg = dir.resolve("config");
    Files.createDirectories(home.resolve(".helper-lab")); // made by another process: must not switch the home
    UserDirs d = UserDirs.fromEnvironment(Map.of("HOME", home.toString(), "XDG_CONFIG_HOME", xdg.toString()), "/x");
    assertEquals(xdg.resolve("helper-lab"), d.labHome());
    assertEquals("$XDG_CONFIG_HOME", d.labHomeFrom());
    assertEquals(home.resolve(".helper-lab"), d.classicLabHome());
  }

  @Test
  void aRelativeXdgConfigHomeIsIgnoredAsTheSpecSays() {
    UserDirs d = UserDirs.fromEnvironment(Map.of("HOME", "/h", "XDG_CONFIG_HOME", "relative/path"), "/x");
    assertNull(d.xdgConfigHome());
    assertEquals(Path.of("/h/.helper-lab"), d.labHome());
  }
}
