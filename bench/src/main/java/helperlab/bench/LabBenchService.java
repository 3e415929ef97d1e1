package helperlab.bench;

import helperlab.cli.LabBenchPart;
import helperlab.lab.LabBench;
import helperlab.lab.LabShowcase;
import helperlab.lab.viewmodel.LabConfig;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** {@code lab --bench} and {@code lab --screenshot} in the bench jar: {@link LabBench} and {@link LabShowcase}. */
public final class LabBenchService implements LabBenchPart {
  @Override
  public void bench(LabConfig config, PrintStream out, List<String> parts) {
    LabBench.run(config, out, parts);
  }

  @Override
  public void screenshot(LabConfig config, Path file, boolean allViews, PrintStream out) {
    LabShowcase.run(config, file, allViews, out);
  }
}
