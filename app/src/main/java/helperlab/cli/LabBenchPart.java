package helperlab.cli;

import helperlab.lab.viewmodel.LabConfig;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** {@code lab --bench} and {@code lab --screenshot} (the bench module's, found by {@link BenchParts}). */
public interface LabBenchPart {
  /** Measures start-up, streaming frame rate and seek redraw time (the {@code parts} after start-up) and prints them. */
  void bench(LabConfig config, PrintStream out, List<String> parts) throws Exception;

  /** Saves a screenshot of the lab with full charts to {@code file} (and the other views with {@code allViews}). */
  void screenshot(LabConfig config, Path file, boolean allViews, PrintStream out) throws Exception;
}
