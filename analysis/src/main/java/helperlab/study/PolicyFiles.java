package helperlab.study;

import helperlab.model.DataFile;
import helperlab.model.DataFileException;
import helperlab.policy.PolicyCatalog;
import helperlab.policy.PolicySpec;
import java.nio.file.Path;

/**
 * A policy as a user names it: a built-in id, or a JSON file holding a {@link PolicySpec} (read here, as scenario
 * files are in {@link ScenarioFiles}). A file may not take a built-in policy's id for other settings: runs, records,
 * sweeps and comparisons know a policy by its id, and a file's "box" would be taken for the built-in box (or the
 * built-in run in its place, as replays did). Refused, not renamed: a name the user did not choose would turn up in
 * every table and file, and the fix (an id of one's own) is one word in the file. A file that repeats a built-in
 * policy exactly is that policy.
 */
public final class PolicyFiles {
  private PolicyFiles() {}

  /** A built-in id, else a path to a policy JSON file. */
  public static PolicySpec named(String idOrFile) {
    if (PolicyCatalog.has(idOrFile)) {
      return PolicyCatalog.get(idOrFile);
    }
    if (idOrFile.endsWith(".json")) {
      return read(Path.of(idOrFile));
    }
    try {
      return PolicyCatalog.get(idOrFile);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(e.getMessage() + "; or a policy JSON file (a name ending in .json)");
    }
  }

  /** A policy file, refused in plain words when it takes a built-in id for other settings. */
  public static PolicySpec read(Path file) {
    PolicySpec p = DataFile.read(file, PolicySpec.class);
    String clash = clash(p);
    if (clash != null) {
      throw new DataFileException(file + ": " + clash);
    }
    return p;
  }

  /**
   * Why {@code p} may not be run under its id (it takes a built-in policy's id with other settings), or null when it
   * may: for a policy read from a file or made in a form before it is run or saved.
   */
  public static String clash(PolicySpec p) {
    if (!PolicyCatalog.has(p.id()) || PolicyCatalog.get(p.id()).equals(p)) {
      return null;
    }
    return "its id '" + p.id() + "' is a built-in policy's, but its settings differ from the built-in's; give it an id "
        + "of its own (for example \"" + p.id() + "-mine\"), or its runs would be taken for the built-in " + p.id() + "'s";
  }
}
