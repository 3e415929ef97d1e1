package helperlab.cli;

import helperlab.model.Calibration;
import helperlab.study.SensitivityStudy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code helper-lab sensitivity}: the claims' sweep on the cage with one chosen parameter moved at a time. */
@Command(name = "sensitivity", mixinStandardHelpOptions = true,
    description = "Rerun the seed's claims on the cage with one chosen parameter moved at a time (deadline allowance, "
        + "spawn cost, split timer, load) and write which verdicts flip (markdown).")
public final class SensitivityCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Option(names = "--seeds", defaultValue = "10", description = "seeds 0..N-1 (default: ${DEFAULT-VALUE})")
  int seeds;

  @Option(names = "--threads", description = "worker threads (default: all cores)")
  Integer threads;

  @Option(names = "--calibration", description = "a calibration JSON file (default: the seed's server throughout: its cost curve, start-up measured here scaled by the speed ratio; docs/parameters.md)")
  Path calibration;

  @Option(names = "--out", required = true, description = "the report to write (markdown)")
  Path out;

  @Mixin
  QuietOption quiet = new QuietOption();

  @Override
  public Integer call() throws Exception {
    Calibration cal = calibration == null ? Calibration.defaults() : Calibration.load(calibration);
    SensitivityStudy study = new SensitivityStudy(cal, seeds);
    int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    long start = System.nanoTime();
    String md;
    try (TerminalProgress bar = TerminalProgress.start(spec, quiet, "sensitivity",
        (long) study.variants().size() * study.plan().runCount(), "runs")) {
      md = study.run(n, bar::stepTo);
    }
    if (out.getParent() != null) {
      Files.createDirectories(out.getParent());
    }
    Files.writeString(out, md, StandardCharsets.UTF_8);
    spec.commandLine().getOut().printf(Locale.ROOT, "%d variants in %.1f s; wrote %s%n", study.variants().size(),
        (System.nanoTime() - start) / 1e9, out.toAbsolutePath());
    return 0;
  }
}
