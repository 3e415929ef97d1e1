package helperlab.lab.viewmodel;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * What the lab remembers between sessions (window size, theme, last choices), as a small JSON file in
 * the lab's home directory. Unknown fields are ignored so older and newer labs can share it.
 */
@JsonAutoDetect(fieldVisibility = JsonAutoDetect.Visibility.PUBLIC_ONLY)
public final class LabPrefs {
  public static final String FILE = "lab.json";
  private static final ObjectMapper JSON = new ObjectMapper()
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .enable(SerializationFeature.INDENT_OUTPUT);

  public double windowX = Double.NaN;
  public double windowY = Double.NaN;
  public double windowWidth = 1440;
  public double windowHeight = 900;
  public boolean maximized;
  public String theme = "light";
  public String view = LabView.LIVE.name();

  public String livePolicy = "box";
  public String liveScenario = "calm";
  public String liveMachine = "cage";
  public long liveSeed;
  public String liveAdmission = "edf-fit";
  public String liveSpeed = "X10";

  public String comparePolicyA = "pool-edf-10";
  public String comparePolicyB = "box";
  public String compareScenario = "calm";
  public String compareMachine = "cage";
  public long compareSeed;

  // the Remote cage view's connection (never a passphrase or password: those are asked each time)
  public String remoteHost = "";
  public int remotePort = 22;
  public String remoteUser;
  public String remoteKey;
  public String remoteJump = "";
  public String remoteCommand;
  public String remoteKnownHosts;
  public String remotePolicy = "pool-edf-10";
  public String remoteScenario = "calm";
  public long remoteSeed;

  public String timelineSpeed = "X10";
  /** The folder the last export went to (null: none yet; the user's home is offered). */
  public String exportFolder;
  /** The history's size cap in MB (0: no cap); past it the oldest runs go. */
  public int historyCapMb = 200;
  /** Chart columns: 1, 2 or 3; 0 lets each view choose for its size. */
  public int chartColumns;
  /** Runs view: the share of the height the charts take above the event list. */
  public double runsDivider = 0.66;
  public int sweepSeeds = 3;
  public String lastSweepDir;
  /** The runs folder last chosen in the lab (used when the lab is started without --runs-dir). */
  public String runsFolder;

  /** Reads the file; a missing file gives the defaults; a bad one throws with the reason. */
  public static LabPrefs load(Path file) throws IOException {
    if (!Files.exists(file)) {
      return new LabPrefs();
    }
    try {
      LabPrefs p = JSON.readValue(file.toFile(), LabPrefs.class);
      return p == null ? new LabPrefs() : p;
    } catch (IOException e) {
      throw new IOException(file + ": cannot read the lab's settings (" + firstLine(e.getMessage()) + "); using defaults");
    }
  }

  public void save(Path file) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    JSON.writeValue(tmp.toFile(), this);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "unreadable";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}
