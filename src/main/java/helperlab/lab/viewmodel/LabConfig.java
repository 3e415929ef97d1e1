package helperlab.lab.viewmodel;

import helperlab.lab.live.LiveSource;
import helperlab.lab.live.SimulatorSource;
import helperlab.runs.RunStore;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the lab keeps things and where live runs come from: the runs folder ({@code lab-runs/} in the
 * working directory by default), the lab's home (settings and the run history: {@code ~/.helper-lab}, or
 * {@code $XDG_CONFIG_HOME/helper-lab} where that is set and {@code ~/.helper-lab} does not exist yet) and
 * the live source.
 */
public record LabConfig(Path runsDir, Path home, LiveSource source) {
  public static final String HOME_PROPERTY = "helperlab.home";

  public static LabConfig defaults() {
    return new LabConfig(Path.of(RunStore.DEFAULT_DIR), defaultHome(), new SimulatorSource());
  }

  public static Path defaultHome() {
    return defaultHome(System.getProperty(HOME_PROPERTY), System.getenv("XDG_CONFIG_HOME"),
        Path.of(System.getProperty("user.home")));
  }

  /**
   * The lab's home: {@code property} when given; else {@code ~/.helper-lab} if it exists (a lab used before
   * keeps its settings and history); else {@code $XDG_CONFIG_HOME/helper-lab} when that is set (absolute);
   * else {@code ~/.helper-lab}.
   */
  static Path defaultHome(String property, String xdgConfigHome, Path userHome) {
    if (property != null && !property.isBlank()) {
      return Path.of(property);
    }
    Path classic = userHome.resolve(".helper-lab");
    if (Files.isDirectory(classic)) {
      return classic;
    }
    if (xdgConfigHome != null && !xdgConfigHome.isBlank() && Path.of(xdgConfigHome).isAbsolute()) {
      return Path.of(xdgConfigHome, "helper-lab");
    }
    return classic;
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
