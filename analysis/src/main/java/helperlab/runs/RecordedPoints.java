package helperlab.runs;

import helperlab.model.HostPace;
import helperlab.model.Interference;
import helperlab.model.PresetCatalog;
import helperlab.model.Task;
import helperlab.model.RunRecord;
import helperlab.model.Samples;
import helperlab.study.phase.PointOutcome;
import helperlab.study.phase.PointVerdict;
import helperlab.study.phase.PreregisteredPoint;
import helperlab.workload.ArrivalGenerator;
import helperlab.workload.RunTriggers;
import helperlab.workload.RecoveryMeter;
import helperlab.workload.ScenarioSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The recordings of one pre-registered operating point, read from its folder (SET/points/ID, as
 * lab-runs/preregistration/record.sh writes it): each real run (kind real) with its replay beside it
 * (NAME-replay.json.gz), judged with the hour's spans from its own events and samples, whatever spans the cage
 * judged it with as it ran. A run without the cage's CPU share measured, one the host starved, one on another
 * processor than its calibration's, one at another offered load than the point's, or one on a host off its
 * calibration's pace (so at another load in effect) is kept aside with the reason.
 */
public final class RecordedPoints {
  /** Loads are written as the request gave them (0.2): only a load asked differently differs by more. */
  private static final double LOAD_TOLERANCE = 1e-9;

  private RecordedPoints() {}

  /**
   * The recordings of {@code point} in {@code dir} (none when it does not exist), by file name; a recording not of
   * the registered protocol (another policy or trigger, an exhibit shorter than {@code exhibitS}) is kept aside too.
   */
  public static List<PointVerdict.Recording> read(Path dir, PreregisteredPoint point, double exhibitS)
      throws IOException {
    List<PointVerdict.Recording> out = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return out;
    }
    List<Path> files;
    try (Stream<Path> s = Files.list(dir)) {
      files = s.filter(p -> isRecord(p.getFileName().toString()) && !isReplay(p.getFileName().toString())).sorted()
          .toList();
    }
    for (Path f : files) {
      RunRecord real = RunRecord.load(f);
      if (!RunRecord.KIND_REAL.equals(real.kind())) {
        continue;
      }
      Path replayFile = f.resolveSibling(replayName(f.getFileName().toString()));
      PointOutcome replay = Files.exists(replayFile) ? outcome(RunRecord.load(replayFile), real.durationS()) : null;
      Double pace = real.speedProbeMs() == null ? null : Replay.workFactorFor(real);
      out.add(new PointVerdict.Recording(real.id(), real.seed(), outcome(real, real.durationS()), replay,
          discardedBecause(real, playedLoad(real, point), pace, point, exhibitS), pace, ImagePace.of(real)));
    }
    return out;
  }

  /**
   * The offered load {@code r} played: its record's; for a record written before records kept it, the point's load
   * when the record's arrivals are the ones that load generates for its seed (the cage's calibration and machine,
   * the point's trigger), else null.
   */
  static Double playedLoad(RunRecord r, PreregisteredPoint point) {
    if (r.offeredLoad() != null) {
      return r.offeredLoad();
    }
    ScenarioSpec s = ScenarioSpec.builtIn(r.scenario()).withLoad(point.offeredLoad()).withDuration(r.durationS())
        .withTrigger(point.trigger());
    List<Task> generated = new ArrivalGenerator(s, r.machine(), r.calibration(), PresetCatalog.defaults())
        .generate(r.seed());
    return arrivals(generated).equals(arrivals(r.tasks())) ? point.offeredLoad() : null;
  }

  private static List<Double> arrivals(List<Task> tasks) {
    return tasks.stream().map(Task::arrivalS).toList();
  }

  /**
   * Why a recording that played {@code load} (null: not known) at {@code pace} (its probe over its calibration's; null:
   * no probe) cannot be judged as the point's, or null when it can.
   */
  static String discardedBecause(RunRecord r, Double load, Double pace, PreregisteredPoint point, double exhibitS) {
    List<String> why = new ArrayList<>();
    Interference i = Interference.of(r);
    if (i == null) {
      why.add("the cage's CPU share was not measured through the run");
    } else if (i.starved()) {
      why.add("starved: " + i.words());
    }
    String machine = helperlab.model.Processor.differs(r.processor(), r.calibration().processor());
    if (machine != null) {
      why.add(machine);
    }
    if (!r.policy().equals(point.policy())) {
      why.add("policy " + r.policy() + ", not the registered " + point.policy());
    }
    if (!Objects.equals(RunTriggers.trigger(r), point.trigger())) {
      why.add(PreregisteredPoint.triggerWords(RunTriggers.trigger(r)) + ", not the registered "
          + PreregisteredPoint.triggerWords(point.trigger()));
    }
    if (load == null) {
      why.add("its arrivals are not those of the registered offered load " + point.offeredLoad()
          + " (and its record does not say its load)");
    } else if (Math.abs(load - point.offeredLoad()) > LOAD_TOLERANCE) {
      why.add(String.format(Locale.ROOT, "offered load %s, not the registered %s", load, point.offeredLoad()));
    }
    if (pace != null && !HostPace.within(pace, HostPace.DEFAULT_TOLERANCE)) {
      why.add(String.format(Locale.ROOT, "off pace: the host ran ×%.2f its calibration's speed probe (tolerance"
          + " %.0f%%), so its load was not the registered one", pace, 100 * HostPace.DEFAULT_TOLERANCE));
    }
    if (r.durationS() < exhibitS) {
      why.add(String.format(Locale.ROOT, "an exhibit of %.0f s, shorter than the registered %.0f s", r.durationS(),
          exhibitS));
    }
    return why.isEmpty() ? null : String.join("; ", why);
  }

  /** {@code run} judged with the hour's spans up to {@code endS} (the recording's exhibit end, for its replay too). */
  public static PointOutcome outcome(RunRecord run, double endS) {
    RecoveryMeter meter = new RecoveryMeter(RecoveryMeter.Windows.HOUR);
    run.events().forEach(e -> e.replayInto(meter));
    Samples s = run.samples();
    for (int i = 0; i < s.size(); i++) {
      meter.sample(s.t()[i], s.workers()[i], s.busy()[i], s.queue()[i], s.memoryMb()[i], null);
    }
    return PointOutcome.judge(meter, Replay.setupFor(run).registeredCapacity(meter.spans().windowS()), endS);
  }

  private static boolean isRecord(String name) {
    return name.endsWith(".json") || name.endsWith(".json.gz");
  }

  private static boolean isReplay(String name) {
    return name.endsWith("-replay.json") || name.endsWith("-replay.json.gz");
  }

  /** The replay command's naming: NAME.json(.gz) is replayed into NAME-replay.json(.gz). */
  static String replayName(String file) {
    return file.replaceFirst("\\.json(\\.gz)?$", "") + "-replay.json" + (file.endsWith(".gz") ? ".gz" : "");
  }
}
