package helperlab.lab.viewmodel;

import java.nio.file.Path;

/**
 * The runs folder as the status bar says it: under the user's home written from {@code ~} (as a shell prints it),
 * other folders as they are, the sample set named as such. The whole absolute path stays in the label's tooltip and
 * in Help → About; this only keeps the bar short and readable.
 */
public record RunsFolderWords(Path userHome, Path samples) {
  public RunsFolderWords {
    userHome = userHome.toAbsolutePath().normalize();
    samples = samples.toAbsolutePath().normalize();
  }

  /** e.g. {@code "runs folder: lab-runs"}, {@code "runs folder: ~/runs/xeon"}, {@code "runs folder: the samples the
   * lab carries, ~/.helper-lab/sample-runs"}. */
  public String status(Path folder) {
    if (folder == null) {
      return "runs folder: none";
    }
    Path abs = folder.toAbsolutePath().normalize();
    String shown = folder.isAbsolute() ? fromHome(abs) : folder.toString();
    return abs.equals(samples) ? "runs folder: the samples the lab carries, " + fromHome(abs) : "runs folder: " + shown;
  }

  private String fromHome(Path abs) {
    if (abs.equals(userHome)) {
      return "~";
    }
    return abs.startsWith(userHome) && userHome.getNameCount() > 0 ? "~/" + userHome.relativize(abs) : abs.toString();
  }
}
