package helperlab.cli;

import java.io.PrintStream;
import java.nio.file.Path;

/** {@code cage bench}: the whole cage measured from outside (the bench module's, found by {@link BenchParts}). */
public interface CageBenchPart {
  /** Runs the benchmark with {@code cage bench}'s options; {@code entryPoint} is the class the cage it starts runs. */
  int run(Path data, double cpus, long memory, double seconds, int spawns, String preset, PrintStream out,
      PrintStream err, Class<?> entryPoint) throws Exception;
}
