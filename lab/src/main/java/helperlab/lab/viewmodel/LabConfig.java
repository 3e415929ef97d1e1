package helperlab.lab.viewmodel;

import helperlab.lab.live.LiveSource;
import helperlab.lab.live.SimulatorSource;
import helperlab.model.UserDirs;
import helperlab.runs.RunStore;
import java.nio.file.Path;

/**
 * Where the lab keeps things and where live runs come from: the runs folder ({@code lab-runs/} in the
 * working directory by default), the lab's home (settings and the run history: {@code $XDG_CONFIG_HOME/helper-lab}
 * where that is set, else {@code $HOME/.helper-lab}; see {@link UserDirs}) and the live source.
 */
public record LabConfig(Path runsDir, Path home, LiveSource source) {
  public static final String HOME_PROPERTY = "helperlab.home";

  public static LabConfig defaults() {
    return new LabConfig(Path.of(RunStore.DEFAULT_DIR), defaultHome(), new SimulatorSource());
  }

  public static Path defaultHome() {
    return defaultHome(System.getProperty(HOME_PROPERTY), UserDirs.current());
  }

  /**
   * The lab's home: {@code property} (the {@code --home} option) when given; else the one {@link UserDirs} decided
   * at start ({@code $XDG_CONFIG_HOME/helper-lab} or {@code $HOME/.helper-lab}), whatever folders exist.
   */
  static Path defaultHome(String property, UserDirs dirs) {
    if (property != null && !property.isBlank()) {
      return Path.of(property);
    }
    return dirs.labHome();
  }

  public Path prefsFile() {
    return home.resolve(LabPrefs.FILE);
  }

  public Path historyDir() {
    return home.resolve("history");
  }

  public LabConfig withRunsDir(Path dir) {
    return new LabConfig(dir, home, source);
  }

  public LabConfig withHome(Path dir) {
    return new LabConfig(runsDir, dir, source);
  }

  public LabConfig withSource(LiveSource s) {
    return new LabConfig(runsDir, home, s);
  }
}
