package helperlab.lab.viewmodel;

import java.nio.file.Path;

/**
 * The runs folder as the status bar says it: under the user's home written from {@code ~} (as a shell prints it),
 * other folders as they are. Its tooltip gives the whole absolute path and names the sample set as such (as does
 * Help → About); this only keeps the bar short and readable.
 */
public record RunsFolderWords(Path userHome, Path samples) {
  public RunsFolderWords {
    userHome = userHome.toAbsolutePath().normalize();
    samples = samples.toAbsolutePath().normalize();
  }

  /** The words for this user's home (where the lab runs) and the sample set at {@code samples}. */
  public static RunsFolderWords forThisUser(Path samples) {
    return new RunsFolderWords(helperlab.model.UserDirs.current().home(), samples);
  }

  /** e.g. {@code "runs folder: lab-runs"}, {@code "runs folder: ~/.helper-lab/sample-runs"}. */
  public String status(Path folder) {
    if (folder == null) {
      return "runs folder: none";
    }
    return "runs folder: " + (folder.isAbsolute() ? fromHome(folder.toAbsolutePath().normalize()) : folder);
  }

  /** The whole path, for the tooltip: {@code "/home/ana/.helper-lab/sample-runs: the samples the lab carries"}. */
  public String whole(Path folder) {
    if (folder == null) {
      return "no runs folder";
    }
    Path abs = folder.toAbsolutePath().normalize();
    return abs.equals(samples) ? abs + ": the samples the lab carries" : abs.toString();
  }

  private String fromHome(Path abs) {
    if (abs.equals(userHome)) {
      return "~";
    }
    return abs.startsWith(userHome) && userHome.getNameCount() > 0 ? "~/" + userHome.relativize(abs) : abs.toString();
  }
}
