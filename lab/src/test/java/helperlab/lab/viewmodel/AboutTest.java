package helperlab.lab.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.live.SimulatorSource;
import helperlab.model.UserDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Help → About: where the lab keeps things (one home, XDG_CONFIG_HOME honoured) and which build it is. */
class AboutTest {
  @Test
  void theHomeIsTheOptionElseTheOneDecidedAtStartWhateverExists(@TempDir Path dir) throws Exception {
    Path user = dir.resolve("user");
    Path xdg = dir.resolve("config");
    UserDirs plain = UserDirs.fromEnvironment(Map.of("HOME", user.toString()), "/passwd");
    UserDirs withXdg = UserDirs.fromEnvironment(Map.of("HOME", user.toString(), "XDG_CONFIG_HOME", xdg.toString()), "/p");
    assertEquals(user.resolve(".helper-lab"), LabConfig.defaultHome(null, plain));
    assertEquals(xdg.resolve("helper-lab"), LabConfig.defaultHome(null, withXdg));
    assertEquals(Path.of("/chosen"), LabConfig.defaultHome("/chosen", withXdg));
    Files.createDirectories(user.resolve(".helper-lab"));
    assertEquals(xdg.resolve("helper-lab"), LabConfig.defaultHome(null, withXdg),
        "a ~/.helper-lab made by another process does not switch the home");
  }

  @Test
  void theCommitComesFromTheCheckoutWhenTheJarDoesNotCarryIt(@TempDir Path dir) throws Exception {
    Path repo = dir.resolve("repo");
    Files.createDirectories(repo.resolve(".git/refs/heads"));
    Files.writeString(repo.resolve(".git/HEAD"), "ref: refs/heads/main\n");
    Files.writeString(repo.resolve(".git/refs/heads/main"), "0123456789abcdef0123456789abcdef01234567\n");
    Files.createDirectories(repo.resolve("target"));
    assertEquals("0123456789ab", BuildInfo.checkoutCommit(repo.resolve("target")));
    // a worktree: .git is a file naming the git directory; the branch lives in the common one
    Path wt = dir.resolve("wt");
    Path wtGit = repo.resolve(".git/worktrees/wt");
    Files.createDirectories(wtGit);
    Files.createDirectories(wt);
    Files.writeString(wt.resolve(".git"), "gitdir: " + wtGit + "\n");
    Files.writeString(wtGit.resolve("HEAD"), "ref: refs/heads/main\n");
    Files.writeString(wtGit.resolve("commondir"), "../..\n");
    assertEquals("0123456789ab", BuildInfo.checkoutCommit(wt));
  }

  @Test
  void aboutNamesSettingsHistoryAndKnownHosts(@TempDir Path dir) {
    UiThread ui = new UiThread();
    try {
      LabConfig config = new LabConfig(dir.resolve("runs"), dir.resolve("home"), new SimulatorSource());
      MainViewModel vm = ui.call(() -> new MainViewModel(config, ui));
      List<String[]> about = ui.call(vm::about);
      String text = String.join("\n", about.stream().map(l -> l[0] + ": " + l[1]).toList());
      assertTrue(text.contains("Settings: " + dir.resolve("home").resolve("lab.json").toAbsolutePath()), text);
      assertTrue(text.contains("History: " + dir.resolve("home").resolve("history").toAbsolutePath()), text);
      assertTrue(text.contains("known_hosts: "), text);
      assertTrue(text.contains("Home: " + UserDirs.current().home().toAbsolutePath() + "  (from "), text);
      assertTrue(text.contains("Lab home: " + dir.resolve("home").toAbsolutePath() + "  (chosen with --home)"), text);
      assertTrue(text.contains("Build commit: "), text);
      ui.run(vm::shutdown);
    } finally {
      ui.close();
    }
  }
}
