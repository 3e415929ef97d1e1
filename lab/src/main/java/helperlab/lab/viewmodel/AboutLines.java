package helperlab.lab.viewmodel;

import helperlab.lab.remote.RemoteSettings;
import helperlab.model.UserDirs;
import java.util.List;

/** What Help → About says: the build, and where the lab keeps its settings, history and known hosts. */
final class AboutLines {
  private final LabConfig config;
  private final LabPrefs prefs;
  private final RunLibrary library;

  AboutLines(LabConfig config, LabPrefs prefs, RunLibrary library) {
    this.config = config;
    this.prefs = prefs;
    this.library = library;
  }

  /** Each line as {name, value}, read now (the runs folder and the known hosts may have changed). */
  List<String[]> lines() {
    BuildInfo b = BuildInfo.current();
    UserDirs dirs = UserDirs.current();
    String knownHosts = prefs.remoteKnownHosts == null || prefs.remoteKnownHosts.isBlank()
        ? RemoteSettings.defaultKnownHosts() : prefs.remoteKnownHosts;
    return List.of(
        new String[] {"Version", b.version()},
        new String[] {"Build commit", b.commit()},
        new String[] {"Java", System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"},
        new String[] {"JavaFX", System.getProperty("javafx.runtime.version", "–")},
        new String[] {"Home", dirs.home().toAbsolutePath() + "  (from " + dirs.homeFrom() + ")"},
        new String[] {"Lab home", config.home().toAbsolutePath() + "  (" + labHomeFrom() + ")"},
        new String[] {"Settings", config.prefsFile().toAbsolutePath().toString()},
        new String[] {"History", library.historyDir().toAbsolutePath() + "  (cap " + library.historyCapBytes() / 1048576
            + " MB: historyCapMb in the settings)"},
        new String[] {"Runs folder", library.folderProperty().get().toAbsolutePath().toString()},
        new String[] {"known_hosts", knownHosts});
  }

  private String labHomeFrom() {
    UserDirs dirs = UserDirs.current();
    return config.home().equals(dirs.labHome()) ? "from " + dirs.labHomeFrom() : "chosen with --home";
  }
}
