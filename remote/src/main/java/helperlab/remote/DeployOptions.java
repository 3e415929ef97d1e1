package helperlab.remote;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Where and how {@link Deployer} puts the cage on a server: the remote directory ({@code ~/helper-lab}
 * by default; {@code ~/...}, relative to the login's home, or absolute), the cage's data directory
 * (relative to the remote directory unless absolute), further {@code cage serve} arguments, and
 * whether to run it as a systemd user unit ({@code null}: when {@code systemctl --user} works);
 * private PostgreSQL and Redis even where the system's answer ({@code privateServices}), or existing
 * ones ({@code pgUrl}, {@code redisUrl}: a JDBC and a redis:// URL); whether to install what is
 * missing through {@code sudo -n} ({@code install}).
 */
public record DeployOptions(String remoteDir, String dataDir, List<String> serveArgs, Boolean systemd,
    int statusTimeoutS, boolean privateServices, String pgUrl, String redisUrl, boolean install) {
  public static final String DEFAULT_REMOTE_DIR = "~/helper-lab";
  public static final String DEFAULT_DATA_DIR = "cage-data";

  /** Directory names that need no quoting to be read right, and no {@code ..} to climb out. */
  static final Pattern SAFE_PATH = Pattern.compile("(~|~/[A-Za-z0-9._/-]+|/?[A-Za-z0-9._][A-Za-z0-9._/-]*)");

  public DeployOptions {
    remoteDir = remoteDir == null || remoteDir.isBlank() ? DEFAULT_REMOTE_DIR : remoteDir;
    dataDir = dataDir == null || dataDir.isBlank() ? DEFAULT_DATA_DIR : dataDir;
    serveArgs = serveArgs == null ? List.of() : List.copyOf(serveArgs);
    statusTimeoutS = statusTimeoutS <= 0 ? 300 : statusTimeoutS;
    checkPath("remote directory", remoteDir);
    checkPath("data directory", dataDir);
    if (dataDir.startsWith("~")) {
      throw new IllegalArgumentException("the data directory is relative to the remote directory or absolute, got '"
          + dataDir + "'");
    }
    if (pgUrl != null && !pgUrl.startsWith("jdbc:postgresql://")) {
      throw new IllegalArgumentException("--pg-url must be a PostgreSQL JDBC URL (jdbc:postgresql://host:port/db?user=...),"
          + " got '" + pgUrl + "'");
    }
    if (pgUrl != null && !pgUrl.matches("jdbc:postgresql://[^/]+/[A-Za-z0-9_]+\\?(.*&)?user=[^&]+.*")) {
      throw new IllegalArgumentException("--pg-url must name this deployment's own database and user"
          + " (jdbc:postgresql://host:port/DATABASE?user=USER&password=...): another deployment's would mix their"
          + " runs; got '" + pgUrl + "'");
    }
    if (redisUrl != null && !redisUrl.matches("rediss?://.+")) {
      throw new IllegalArgumentException("--redis-url must be a redis:// URL, got '" + redisUrl + "'");
    }
    if (privateServices && (pgUrl != null || redisUrl != null)) {
      throw new IllegalArgumentException("--private-services starts PostgreSQL and Redis of its own: leave out --pg-url"
          + " and --redis-url, or --private-services");
    }
    privateServices = pgUrl == null && redisUrl == null; // the default: a shared server's services are never shared
    for (String a : serveArgs) {
      if (a == null || a.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
        throw new IllegalArgumentException("a cage serve argument must be one line of printable text, got '" + a + "'");
      }
    }
  }

  /** Without private services, given URLs or installing. */
  public DeployOptions(String remoteDir, String dataDir, List<String> serveArgs, Boolean systemd, int statusTimeoutS) {
    this(remoteDir, dataDir, serveArgs, systemd, statusTimeoutS, false, null, null, false);
  }

  public static DeployOptions defaults() {
    return new DeployOptions(null, null, null, null, 0);
  }

  private static void checkPath(String what, String path) {
    if (!SAFE_PATH.matcher(path).matches() || path.startsWith("-") || List.of(path.split("/")).contains("..")) {
      throw new IllegalArgumentException("the " + what + " may hold only letters, digits and . _ - / (optionally"
          + " starting with ~/), and no '..': got '" + path + "'");
    }
  }
}
