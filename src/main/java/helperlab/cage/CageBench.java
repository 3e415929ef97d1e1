package helperlab.cage;

import java.io.PrintStream;
import java.nio.file.Path;

/** The cage's benchmark (filled in below). */
public final class CageBench {
  public CageBench(Path data, double cpus, long memory, double seconds, int spawns, String preset, PrintStream out,
      PrintStream err) {}

  public int run() {
    return 0;
  }
}
