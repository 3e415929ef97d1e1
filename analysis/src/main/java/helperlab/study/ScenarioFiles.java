package helperlab.study;

import helperlab.model.DataFile;
import helperlab.workload.ScenarioSpec;
import java.nio.file.Path;

/** A scenario as a user names it: a JSON file, or a name {@link ScenarioSpec#named} knows (the file is read here). */
public final class ScenarioFiles {
  private ScenarioFiles() {}

  /** A path to a scenario JSON file, else a built-in name (with or without the studies' {@code +trigger}). */
  public static ScenarioSpec named(String nameOrFile) {
    if (!ScenarioSpec.BUILT_IN.contains(nameOrFile) && nameOrFile.endsWith(".json")) {
      return DataFile.read(Path.of(nameOrFile), ScenarioSpec.class);
    }
    return ScenarioSpec.named(nameOrFile);
  }
}
