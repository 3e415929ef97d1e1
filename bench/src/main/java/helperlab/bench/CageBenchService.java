package helperlab.bench;

import helperlab.cage.bench.CageBench;
import helperlab.cli.CageBenchPart;
import java.io.PrintStream;
import java.nio.file.Path;

/** {@code cage bench} in the bench jar: {@link CageBench}. */
public final class CageBenchService implements CageBenchPart {
  @Override
  public int run(Path data, double cpus, long memory, double seconds, int spawns, String preset, PrintStream out,
      PrintStream err, Class<?> entryPoint) throws Exception {
    return new CageBench(data, cpus, memory, seconds, spawns, preset, out, err, entryPoint).run();
  }
}
