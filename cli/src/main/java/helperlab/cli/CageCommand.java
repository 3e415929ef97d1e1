package helperlab.cli;

import helperlab.cage.config.CageConfig;
import helperlab.cage.ctl.CtlServer;
import helperlab.cage.image.SampleLibrary;
import helperlab.cage.intake.Intake;
import helperlab.cage.measure.SteadinessCheck;
import helperlab.cage.supervisor.Supervisor;
import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.model.HostPace;
import helperlab.model.Processor;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code helper-lab cage}: the real service (serve), its sample library (samples) and its benchmark (bench). */
@Command(name = "cage", mixinStandardHelpOptions = true,
    description = "The cage: the real image-resize service the lab controls.",
    subcommands = {CageCommand.Serve.class, CageCommand.Samples.class, CageCommand.Bench.class,
        CageCommand.Steadiness.class})
public final class CageCommand implements Runnable {
  @Spec
  CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** {@code helper-lab cage serve}: the supervisor, its intake and its control socket, until stopped. */
  @Command(name = "serve", mixinStandardHelpOptions = true,
      description = {"Run the cage: the supervisor (with worker processes, PostgreSQL and Redis), the HTTP intake"
          + " on loopback and the control socket (see 'helper-lab ctl').",
          "Settings come from --config FILE, then the flags, then HELPERLAB_PG_URL and HELPERLAB_REDIS_URL."})
  static final class Serve implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--config", description = "a JSON configuration file (fields as in docs/cage.md)")
    Path configFile;

    @Option(names = "--data", description = "data directory: inbox, outbox, deadletters, runs (default: cage-data)")
    String data;

    @Option(names = "--port", description = "intake port (default: 7070; 0 picks a free one)")
    Integer port;

    @Option(names = "--bind", description = "intake address (default: 127.0.0.1, loopback only)")
    String bind;

    @Option(names = "--policy", description = "scheduling policy id (default: pool-edf-10)")
    String policy;

    @Option(names = "--admission", description = "edf-fit, flat or none (default: edf-fit)")
    String admission;

    @Option(names = "--cpus", description = "CPU cap of the cage in cores (default: none; detected limits apply)")
    Double cpus;

    @Option(names = "--memory", description = "memory cap of the cage, e.g. 2g or 1536m (default: none)")
    String memory;

    @Option(names = "--max-processes", description = "hard ceiling on worker processes (default: 32)")
    Integer maxProcesses;

    @Option(names = "--calibration", description = "a calibration JSON file (default: the seed server's)")
    String calibration;

    @Option(names = "--samples", description = "sample library directory (default: DATA/samples)")
    String samples;

    @Option(names = "--set", description = "any other setting, e.g. --set heartbeat_timeout_s=2 (repeatable)")
    Map<String, String> set = new LinkedHashMap<>();

    @Override
    public Integer call() throws Exception {
      Map<String, Object> flags = new LinkedHashMap<>();
      for (Map.Entry<String, String> e : set.entrySet()) {
        flags.put(e.getKey(), jsonValue(e.getValue()));
      }
      // an option not given must not wipe out the same setting given with --set
      java.util.function.BiConsumer<String, Object> flag = (k, v) -> {
        if (v != null) {
          flags.put(k, v);
        }
      };
      flag.accept("data", data != null ? data : (configFile == null && !flags.containsKey("data") ? "cage-data" : null));
      flag.accept("port", port);
      flag.accept("bind", bind);
      flag.accept("policy", policy);
      flag.accept("admission", admission);
      flag.accept("cpus", cpus);
      flag.accept("memory", memory);
      flag.accept("max_processes", maxProcesses);
      flag.accept("calibration", calibration);
      flag.accept("samples", samples);
      CageConfig config = CageConfig.load(configFile, flags, System.getenv());
      Supervisor supervisor = Supervisor.start(config); // its log goes through SLF4J, to stderr
      Intake intake;
      CtlServer ctl;
      try {
        intake = new Intake(supervisor);
        ctl = new CtlServer(supervisor);
      } catch (Exception e) {
        supervisor.close();
        throw e;
      }
      CountDownLatch stopped = new CountDownLatch(1);
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        intake.close();
        supervisor.close(); // ends the run: its last stream entries go out before the followers are let go
        ctl.close();
        stopped.countDown();
      }, "cage-stop"));
      PrintWriter out = spec.commandLine().getOut();
      out.printf(Locale.ROOT, "cage: serving on http://%s:%d (POST /batches, GET /batches/{id}); control: %s;"
          + " policy %s; %s%s%n", config.intake().bind(), intake.port(), ctl.socket(), config.scheduling().policy(),
          supervisor.limitsDescription(), supervisor.redisWarning() == null ? "" : "; " + supervisor.redisWarning());
      out.flush();
      while (!supervisor.stopped()) {
        Thread.sleep(500);
      }
      stopped.await();
      return 0;
    }

    /** A flag value as JSON: a number or boolean when it reads as one, else a string. */
    static Object jsonValue(String v) {
      try {
        return DataFile.JSON.readTree(v).isValueNode() && !DataFile.JSON.readTree(v).isTextual()
            ? DataFile.JSON.readTree(v) : v;
      } catch (Exception e) {
        return v;
      }
    }
  }

  /** {@code helper-lab cage samples}: a reproducible library of photo-like images. */
  @Command(name = "samples", mixinStandardHelpOptions = true,
      description = "Make a library of photo-like JPEGs from 0.3 to 70 MP (log-spaced), reproducibly, with samples.json.")
  static final class Samples implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--out", required = true, description = "output directory")
    Path out;

    @Option(names = "--count", defaultValue = "16", description = "how many images (default: ${DEFAULT-VALUE})")
    int count;

    @Option(names = "--min-mp", defaultValue = "0.3", description = "smallest, in megapixels (default: ${DEFAULT-VALUE})")
    double minMp;

    @Option(names = "--max-mp", defaultValue = "70", description = "largest, in megapixels (default: ${DEFAULT-VALUE})")
    double maxMp;

    @Option(names = "--seed", defaultValue = "1", description = "seed of the pictures (default: ${DEFAULT-VALUE})")
    long seed;

    @Override
    public Integer call() throws Exception {
      long t0 = System.nanoTime();
      SampleLibrary lib = SampleLibrary.generate(out, count, minMp, maxMp, seed);
      double mp = lib.samples().stream().mapToDouble(SampleLibrary.Sample::megapixels).sum();
      spec.commandLine().getOut().printf(Locale.ROOT, "%d samples, %.1f MP in all, in %.1f s: %s%n", lib.samples().size(), mp,
          (System.nanoTime() - t0) / 1e9, out.toAbsolutePath());
      return 0;
    }
  }

  /** {@code helper-lab cage bench}: the cage's figures, measured in one run so they can be compared. */
  @Command(name = "bench", mixinStandardHelpOptions = true,
      description = {"Measure the cage: worker spawn time and memory (with and without class-data sharing), the cost"
          + " curve of this machine (written as a calibration), supervisor CPU per image, and the throughput of"
          + " pool-edf-10 on the capped cage against the CPU-bound limit.",
          "Needs PostgreSQL and Redis (scripts/services). Run from the shaded jar for class-data sharing."})
  static final class Bench implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--data", defaultValue = "bench-data", description = "scratch data directory (default: ${DEFAULT-VALUE})")
    Path data;

    @Option(names = "--cpus", defaultValue = "1.5", description = "CPU cap of the benchmarked cage (default: ${DEFAULT-VALUE})")
    double cpus;

    @Option(names = "--memory", defaultValue = "2g", description = "memory cap of the benchmarked cage (default: ${DEFAULT-VALUE})")
    String memory;

    @Option(names = "--seconds", defaultValue = "60", description = "length of the throughput run (default: ${DEFAULT-VALUE})")
    double seconds;

    @Option(names = "--spawns", defaultValue = "6", description = "worker starts measured per variant (default: ${DEFAULT-VALUE})")
    int spawns;

    @Option(names = "--preset", defaultValue = "web", description = "preset of the throughput run (default: ${DEFAULT-VALUE})")
    String preset;

    @Override
    public Integer call() throws Exception {
      return BenchParts.find(CageBenchPart.class).run(data, cpus, CageConfig.parseSize("--memory", memory), seconds,
          spawns, preset, WriterStream.over(spec.commandLine().getOut()), WriterStream.over(spec.commandLine().getErr()),
          Main.class);
    }
  }

  /** {@code helper-lab cage steadiness}: is this machine's speed steady enough to record real runs on? */
  @Command(name = "steadiness", mixinStandardHelpOptions = true,
      description = {"Check that this machine's speed holds still: warm workers in a capped cage resize the speed"
          + " probe's sample over and over, side by side, and the median CPU per image of each window is compared with"
          + " the others.",
          "Exits 0 when the slowest window is within --tolerance of the fastest, 3 when it is not (record later, or"
              + " expect replays to miss by that much). With --calibration it then takes the speed probe as a run"
              + " would and exits 4 (before 3) when the host's pace (probe now over the calibration's) is off by more than"
              + " --pace-tolerance: the loads a cage offers on that calibration would not be the ones stated; and exits 5"
              + " at once when the calibration names another processor than this machine's: it is another machine."
              + " Needs root for the cgroup caps (it runs uncapped, and says so, without)."},
      exitCodeList = {"3:the speed did not hold still (the slowest window is past --tolerance)",
          "4:with --calibration: the host's pace is off the calibration's by more than --pace-tolerance",
          "5:with --calibration: the calibration names another processor than this machine's"})
  static final class Steadiness implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    static final int NOT_STEADY = 3;
    static final int OFF_PACE = 4;
    static final int ANOTHER_MACHINE = 5;

    @Option(names = "--data", defaultValue = "cage-data", description = "where the sample library and scratch files go (default: ${DEFAULT-VALUE})")
    Path data;

    @Option(names = "--cpus", defaultValue = "1.5", description = "the cage's CPU quota in cores (default: ${DEFAULT-VALUE})")
    double cpus;

    @Option(names = "--memory", defaultValue = "2g", description = "the cage's memory limit (default: ${DEFAULT-VALUE})")
    String memory;

    @Option(names = "--seconds", defaultValue = "120", description = "how long to watch (default: ${DEFAULT-VALUE})")
    double seconds;

    @Option(names = "--window", defaultValue = "10", description = "seconds per window (default: ${DEFAULT-VALUE})")
    double window;

    @Option(names = "--tolerance", defaultValue = "0.10",
        description = "the most the slowest window may exceed the fastest, as a fraction (default: ${DEFAULT-VALUE})")
    double tolerance;

    @Option(names = "--workers", defaultValue = "2",
        description = "workers side by side, as in a run: on a shared VM two can cost more each than one alone"
            + " (default: ${DEFAULT-VALUE})")
    int workers;

    @Option(names = "--calibration", description = "a calibration measured on this cage: also say the host's pace"
        + " against its speed probe")
    Path calibration;

    @Option(names = "--pace-tolerance", defaultValue = "" + HostPace.DEFAULT_TOLERANCE,
        description = "the most the pace may differ from ×1, as a fraction (default: ${DEFAULT-VALUE})")
    double paceTolerance;

    @Override
    public Integer call() throws Exception {
      Calibration c = calibration == null ? null : Calibration.load(calibration);
      if (c != null) {
        String here = Processor.here();
        String other = Processor.differs(here, c.processor());
        if (other != null) {
          spec.commandLine().getOut().println("ANOTHER MACHINE: this host's processor is " + here + ", the calibration's "
              + c.processor() + ": its costs, and the loads a cage offers on it, are not this machine's; calibrate here"
              + " (helper-lab calibrate) or record on the calibration's machine");
          return ANOTHER_MACHINE;
        }
        spec.commandLine().getOut().println(c.processor() != null ? "processor: " + here + ", as the calibration's"
            : "processor: " + (here == null ? "not known" : here) + "; the calibration does not say which it was"
                + " measured on (made before calibrations kept it): check it is this machine's");
      }
      var check = new SteadinessCheck(data, cpus, CageConfig.parseSize("--memory", memory), seconds, window, tolerance,
          workers, spec.commandLine().getOut()::println);
      if (c != null) {
        check.withPace(new SteadinessCheck.PaceAgainst(c, paceTolerance));
      }
      var report = check.run();
      if (report.pace() != null && !report.pace().onPace()) {
        return OFF_PACE; // the graver: whether steady or not, the loads offered are not the ones stated
      }
      return report.steady() ? 0 : NOT_STEADY;
    }
  }
}
