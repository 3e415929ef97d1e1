package helperlab.runs;

import helperlab.model.Interference;
import helperlab.model.Processor;
import helperlab.model.RunRecord;
import helperlab.model.Samples;
import helperlab.study.prereg.ExclusionRule;
import helperlab.study.prereg.Model;
import helperlab.study.prereg.PaceGate;
import helperlab.study.prereg.RegisteredPoint;
import helperlab.study.prereg.Registration;
import helperlab.study.prereg.RunFate;
import helperlab.study.prereg.Scorecard;
import helperlab.workload.RecoveryMeter;
import helperlab.workload.RunTriggers;
import helperlab.workload.Tipping;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The recordings of the second registration, read from its folder: SET/STRETCH/points/ID/real-*.json.gz (one folder
 * per quiet stretch; SET/points/ID also read), each real run judged by the outcome-only criterion with the
 * registration's spans from its own events and samples (whatever the cage judged it with), and checked against each
 * exclusion rule the registration lists. Replays beside them (NAME-replay.json.gz) are not recordings.
 */
public final class RegisteredRecordings {
  /** What record.sh writes into a stretch's host-notes.txt when the steadiness check found the speed moving. */
  static final String UNSTEADY_NOTE = "speed moved more than";

  private RegisteredRecordings() {}

  /** Every recording under {@code set}, by point id, each with its fate and its exclusion reasons. */
  public static Map<String, List<Scorecard.Recorded>> read(Path set, Registration r) throws IOException {
    Map<String, List<Scorecard.Recorded>> out = new LinkedHashMap<>();
    List<Path> stretches = new ArrayList<>();
    stretches.add(set);
    try (Stream<Path> s = Files.list(set)) {
      s.filter(p -> Files.isDirectory(p.resolve("points"))).sorted().forEach(stretches::add);
    }
    for (Path stretch : stretches) {
      Path points = stretch.resolve("points");
      if (!Files.isDirectory(points)) {
        continue;
      }
      boolean unsteady = unsteady(stretch);
      List<Path> dirs;
      try (Stream<Path> s = Files.list(points)) {
        dirs = s.filter(Files::isDirectory).sorted().toList();
      }
      for (Path dir : dirs) {
        RegisteredPoint point = r.point(dir.getFileName().toString());
        List<Scorecard.Recorded> list = out.computeIfAbsent(point.id(), k -> new ArrayList<>());
        for (Path f : records(dir)) {
          RunRecord run = RunRecord.load(f);
          if (RunRecord.KIND_REAL.equals(run.kind())) {
            Double pace = ImagePace.of(run);
            list.add(new Scorecard.Recorded(set.relativize(f).toString(), run.createdAt(), fate(run, r.exhibitS()),
                pace == null ? null : PaceGate.effectiveLoad(point.point().offeredLoad(), pace),
                excludedBecause(run, point, r, unsteady)));
          }
        }
      }
    }
    return out;
  }

  /** {@code run} judged by the outcome-only criterion, with the registration's spans, up to {@code endS}. */
  public static RunFate fate(RunRecord run, double endS) {
    RecoveryMeter meter = new RecoveryMeter(Model.SPANS);
    run.events().forEach(e -> e.replayInto(meter));
    Samples s = run.samples();
    for (int i = 0; i < s.size(); i++) {
      meter.sample(s.t()[i], s.workers()[i], s.busy()[i], s.queue()[i], s.memoryMb()[i], null);
    }
    Tipping.Capacity capacity = Tipping.Capacity.of(run.machine(), run.calibration(), run.tasks(), 1.0,
        RunTriggers.trigger(run));
    return RunFate.of(Tipping.course(meter, capacity, endS));
  }

  /** The registration's rules {@code run} breaks, each as "id: what was found"; empty when it is kept. */
  static List<String> excludedBecause(RunRecord run, RegisteredPoint point, Registration r, boolean unsteadyStretch) {
    List<String> why = new ArrayList<>();
    if (r.excludes(ExclusionRule.STARVED)) {
      Interference i = Interference.of(run);
      if (i == null) {
        why.add(ExclusionRule.STARVED + ": the cage's CPU share was not measured through the run");
      } else if (i.starved()) {
        why.add(ExclusionRule.STARVED + ": " + i.words());
      }
    }
    if (r.excludes(ExclusionRule.OFF_PACE)) {
      String off = offPace(run, point.point().offeredLoad(), r.paceGate());
      if (off != null) {
        why.add(ExclusionRule.OFF_PACE + ": " + off);
      }
    }
    if (r.excludes(ExclusionRule.OTHER_PROCESSOR)) {
      String other = Processor.differs(run.processor(), run.calibration().processor());
      if (other != null) {
        why.add(ExclusionRule.OTHER_PROCESSOR + ": " + other);
      }
    }
    if (r.excludes(ExclusionRule.HOST_UNSTEADY) && unsteadyStretch) {
      why.add(ExclusionRule.HOST_UNSTEADY + ": its stretch's steadiness check found the speed moving");
    }
    if (r.excludes(ExclusionRule.OFF_PROTOCOL)) {
      String off = offProtocol(run, point, r.exhibitS());
      if (off != null) {
        why.add(ExclusionRule.OFF_PROTOCOL + ": " + off);
      }
    }
    return why;
  }

  /** Why the run's effective load (from its images' CPU) is not the registered one, or null when it is. */
  static String offPace(RunRecord run, double load, PaceGate gate) {
    Double pace = ImagePace.of(run);
    if (pace == null) {
      return "no batch finished whole, so what its images cost is not known";
    }
    if (gate.holds(load, pace)) {
      return null;
    }
    return String.format(Locale.ROOT, "its images cost ×%.2f their calibrated price: effective load %.3f against the "
        + "registered %s (±%.0f%%)", pace, PaceGate.effectiveLoad(load, pace), load, 100 * gate.tolerance());
  }

  private static String offProtocol(RunRecord run, RegisteredPoint point, double exhibitS) {
    List<String> why = new ArrayList<>();
    if (!run.policy().equals(point.point().policy())) {
      why.add("policy " + run.policy() + ", not " + point.point().policy());
    }
    if (!run.scenario().equals(point.point().scenario())) {
      why.add("scenario " + run.scenario() + ", not " + point.point().scenario());
    }
    if (run.offeredLoad() == null || Math.abs(run.offeredLoad() - point.point().offeredLoad()) > 1e-9) {
      why.add("offered load " + run.offeredLoad() + ", not " + point.point().offeredLoad());
    }
    if (RunTriggers.trigger(run) != null && !RunTriggers.trigger(run).isNone()) {
      why.add("a trigger, where none is registered");
    }
    if (run.durationS() < exhibitS) {
      why.add(String.format(Locale.ROOT, "an exhibit of %.0f s, shorter than %.0f s", run.durationS(), exhibitS));
    }
    return why.isEmpty() ? null : String.join(", ", why);
  }

  private static boolean unsteady(Path stretch) throws IOException {
    Path notes = stretch.resolve("host-notes.txt");
    return Files.exists(notes) && Files.readAllLines(notes, StandardCharsets.UTF_8).stream()
        .anyMatch(l -> l.contains(UNSTEADY_NOTE));
  }

  private static List<Path> records(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> {
        String n = p.getFileName().toString();
        return (n.endsWith(".json") || n.endsWith(".json.gz")) && !n.matches(".*-replay\\.json(\\.gz)?$");
      }).sorted().toList();
    }
  }
}
