package helperlab.cli;

import helperlab.cage.config.CageConfig;
import helperlab.cage.measure.CalibrationCheck;
import helperlab.cage.measure.CalibrationShelf;
import helperlab.cage.measure.Calibrator;
import helperlab.charts.export.FitPlot;
import helperlab.model.Contention;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code helper-lab calibrate}: measure this machine in a capped cage and write a calibration for the simulator. */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
    description = {"Calibrate the simulator on this machine, in a cgroup capped like the cage: the cost curve on a ladder of"
        + " sample images (0.3-70 MP, several repetitions each), the concurrency curve (1 to four times the quota's worth of"
        + " workers, as memory allows) for the contention penalty, a fresh worker's start-up and warm-up, memory per image, and the speed"
        + " probe.", "The host is read before and after (a computing thread's wait for a CPU, others' busy cores, steal, run"
        + " queue); a calibration made on a noisy host, or with a concurrency curve that falls and rises again, is doubtful"
        + " and says why.", "Writes calibration.json, calibration-check.json, calibration-report.json and a plot of each fit"
        + " (PNG) to --out; a doubtful one does not replace a steady one there without --force (it goes to --out/doubtful,"
        + " exit 3)."},
    exitCodeList = "3:the calibration is doubtful and was not put in place of the steady one in --out (it is in"
        + " --out/doubtful; --force puts it in place)")
public final class CalibrateCommand implements Callable<Integer> {
  static final int NOT_REPLACED = 3;

  @Spec
  CommandSpec spec;

  @Option(names = "--data", defaultValue = "cage-data", description = "where the sample library and scratch files go (default: ${DEFAULT-VALUE})")
  Path data;

  @Option(names = "--out", defaultValue = "lab-runs/calibration", description = "output folder (default: ${DEFAULT-VALUE})")
  Path out;

  @Option(names = "--cpus", defaultValue = "1.5", description = "the cage's CPU quota in cores (default: ${DEFAULT-VALUE})")
  double cpus;

  @Option(names = "--memory", defaultValue = "2g", description = "the cage's memory limit (default: ${DEFAULT-VALUE})")
  String memory;

  @Option(names = "--reps", defaultValue = "5", description = "repetitions per ladder image (default: ${DEFAULT-VALUE})")
  int reps;

  @Option(names = "--seconds-per-level", defaultValue = "20", description = "seconds per concurrency level (default: ${DEFAULT-VALUE})")
  double secondsPerLevel;

  @Option(names = "--spawns", defaultValue = "12",
      description = "fresh workers to time, and to measure a worker's images by position: a JIT compile lands on one"
          + " image or the next, so it takes a dozen (default: ${DEFAULT-VALUE})")
  int spawns;

  @Option(names = "--force", description = "put a doubtful calibration in place of a steady one in --out")
  boolean force;

  @Mixin
  QuietOption quiet = new QuietOption();

  @Override
  public Integer call() throws Exception {
    long bytes = CageConfig.parseSize("memory", memory);
    Calibrator.Report r;
    CalibrationSteps steps = new CalibrationSteps(cpus);
    PrintWriter stdout = spec.commandLine().getOut();
    try (TerminalProgress bar = TerminalProgress.start(spec, quiet, "calibrate", steps.total(), "steps");
        PrintWriter lines = new PrintWriter(new LineWriter(line -> {
          bar.line(stdout, line);
          long done = steps.doneAfter(line);
          if (done >= 0) {
            bar.stepTo(done);
            bar.say(steps.stage(done));
          }
        }), true)) {
      bar.say(steps.stage(0));
      r = new Calibrator(data, cpus, bytes, reps, secondsPerLevel, spawns, lines::println).run();
    }
    CalibrationShelf.Placed placed = CalibrationShelf.place(out, r.calibration(), r.check(), r, force);
    Path out = placed.dir();
    var cost = r.calibration().cost();
    new FitPlot(String.format(Locale.ROOT, "Resize cost: %.1f · MP^%.3f ms, clamped [%.0f, %.0f] (RMS error %.1f%%)",
        cost.a(), cost.b(), cost.floorMs(), cost.ceilingMs(), 100 * r.fitRmsRelativeError()), "megapixels",
        "CPU ms per image", points(r.cost()), cost::millis, "fitted curve", true)
        .writePng(out.resolve("cost.png"), 1000, 600);
    Contention k = r.calibration().contentionModel();
    new FitPlot(String.format(Locale.ROOT, "Concurrency on %.2f cores: contention %.4f per process past the quota",
        r.quota(), r.calibration().contention()), "workers", "images per second", points(r.concurrency()),
        n -> r.singleWorkerRate() * Math.min(n, r.quota()) * k.efficiency(n, r.quota()), "machine model", false)
        .writePng(out.resolve("concurrency.png"), 1000, 600);
    double slope = r.calibration().imageMbPerMp();
    new FitPlot(String.format(Locale.ROOT, "Worker peak memory above idle (%.0f MiB): %.2f MiB per MP", r.memoryIdleMb(),
        slope), "megapixels of the largest image so far", "MiB", points(r.memory()), mp -> slope * mp, "fitted line", false)
        .writePng(out.resolve("memory.png"), 1000, 600);
    stdout.println("wrote " + out.resolve("calibration.json") + ", " + CalibrationCheck.FILE
        + ", calibration-report.json, cost.png, concurrency.png, memory.png");
    return said(placed, stdout, spec.commandLine().getErr());
  }

  /** Where the calibration went, said: in place (0), or kept aside as doubtful (3), which a script must not take for done. */
  static int said(CalibrationShelf.Placed placed, PrintWriter out, PrintWriter err) {
    if (!placed.replaced()) {
      err.println("helper-lab calibrate: " + placed.message() + " (--force)");
      return NOT_REPLACED;
    }
    out.println(placed.message());
    return ExitCodes.OK;
  }

  private static List<FitPlot.Point> points(List<Calibrator.Point> ps) {
    return ps.stream().map(p -> new FitPlot.Point(p.x(), p.y(), p.spread())).toList();
  }
}
