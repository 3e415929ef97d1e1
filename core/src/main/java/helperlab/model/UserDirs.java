package helperlab.model;

import java.nio.file.Path;
import java.util.Map;

/**
 * The user's folders, decided once when the program starts and never again: the home is {@code $HOME} when it is
 * an absolute path, else Java's {@code user.home} (which on Linux comes from the password file and ignores
 * {@code $HOME}); the config folder is {@code $XDG_CONFIG_HOME} when it is absolute (the XDG spec ignores a relative
 * one). Nothing here looks at which folders exist, so a folder another process creates later cannot switch the
 * lab to other settings.
 */
public record UserDirs(Path home, String homeFrom, Path xdgConfigHome) {
  private static final UserDirs CURRENT = fromEnvironment(System.getenv(), System.getProperty("user.home"));

  /** The folders of this process, as found at start. */
  public static UserDirs current() {
    return CURRENT;
  }

  /** The folders from an environment and a {@code user.home} value (tests give their own). */
  public static UserDirs fromEnvironment(Map<String, String> env, String userHome) {
    String home = env.get("HOME");
    Path chosen;
    String from;
    if (absolute(home)) {
      chosen = Path.of(home);
      from = "$HOME";
    } else {
      chosen = Path.of(userHome == null || userHome.isBlank() ? "." : userHome);
      from = "user.home";
    }
    String xdg = env.get("XDG_CONFIG_HOME");
    return new UserDirs(chosen, from, absolute(xdg) ? Path.of(xdg) : null);
  }

  private static boolean absolute(String p) {
    return p != null && !p.isBlank() && Path.of(p).isAbsolute();
  }

  /** The lab's settings and history: {@code $XDG_CONFIG_HOME/helper-lab} when that is set, else {@code ~/.helper-lab}. */
  public Path labHome() {
    return xdgConfigHome != null ? xdgConfigHome.resolve("helper-lab") : home.resolve(".helper-lab");
  }

  /** Which setting {@link #labHome()} came from, in the words the About box shows. */
  public String labHomeFrom() {
    return xdgConfigHome != null ? "$XDG_CONFIG_HOME" : homeFrom;
  }

  /** The lab's home as it was before XDG_CONFIG_HOME was honoured; shown, never used, when it differs. */
  public Path classicLabHome() {
    return home.resolve(".helper-lab");
  }

  public Path sshDir() {
    return home.resolve(".ssh");
  }

  /** Where SSH host keys are checked by default: {@code ~/.ssh/known_hosts} under this home. */
  public Path knownHosts() {
    return sshDir().resolve("known_hosts");
  }

  /**
   * Makes {@code user.home} this home, so libraries that keep files under it (JavaFX's cache of native libraries,
   * the SSH defaults) follow the same home as the lab. Called once by the program's entry point.
   */
  public void adopt() {
    System.setProperty("user.home", home.toString());
  }
}
