package helperlab.cage.run;

import helperlab.protocol.ctl.ExhibitStarted;
import helperlab.cage.image.SampleLibrary;
import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.model.ImageSpec;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.model.Task;
import helperlab.policy.PolicyCatalog;
import helperlab.policy.PolicySpec;
import helperlab.workload.ArrivalGenerator;
import helperlab.workload.ScenarioSpec;
import helperlab.workload.Trigger;
import java.util.ArrayList;
import java.util.List;

/**
 * A short real run of a policy on a scenario and seed: the batches the simulator generates for that
 * pair (same generator, same machine), each image played by the sample nearest in megapixels,
 * sent at their times through the same client model the simulator uses (so retrying clients retry
 * here too). It ends when everything sent is settled, or at the hard stop after its duration.
 * A trigger, when it has one, is played as the simulator plays it: a spike's extra batches are among
 * the arrivals (the same generator lays them over the scenario's), a slowdown lowers the cage's CPU cap
 * for its window ({@link CpuSqueeze}).
 */
public final class Exhibit {
  final String scenario;
  /** The scenario's load as played (its own, or the one the request set). */
  public final double offeredLoad;
  final long seed;
  final double durationS;
  public final double stopS;
  public final List<Task> tasks;
  /** Per task, per image: the sample that plays it. */
  final List<List<SampleLibrary.Sample>> samples;
  final SampleLibrary library;
  /** The trigger it plays (null: none). */
  final Trigger trigger;
  private int nextArrival;

  /** Refuses, in plain words, an exhibit that names an unknown policy or scenario or an out-of-range time. */
  public static void checkRequest(String policyId, String scenarioName, double durationS, double graceS, Trigger trigger,
      boolean cpuCapped) {
    if (policyId == null || !PolicyCatalog.has(policyId)) {
      throw new IllegalArgumentException("unknown policy '" + policyId + "'; known: " + String.join(", ", PolicyCatalog.ids()));
    }
    if (!ScenarioSpec.BUILT_IN.contains(scenarioName)) {
      throw new IllegalArgumentException("unknown scenario '" + scenarioName + "'; known: "
          + String.join(", ", ScenarioSpec.BUILT_IN));
    }
    if (!(durationS > 0 && durationS <= 3600) || !(graceS >= 0 && graceS <= 3600)) {
      throw new IllegalArgumentException("duration_s must be in (0, 3600] and grace_s in [0, 3600]");
    }
    if (trigger == null) {
      return;
    }
    if (trigger.kind() == Trigger.Kind.COST_JUMP) {
      throw new IllegalArgumentException("trigger.kind cost_jump is not played on the real cage (spike and slowdown are)");
    }
    if (trigger.atS() >= durationS) {
      throw new IllegalArgumentException("trigger.at_s must be before the exhibit's duration_s (" + durationS
          + " s), got " + trigger.atS());
    }
    if (trigger.kind() == Trigger.Kind.SLOWDOWN && !trigger.isNone() && !cpuCapped) {
      throw new IllegalArgumentException("trigger.kind slowdown lowers the cage's CPU cap, and this cage has none "
          + "(start it with --cpus and cgroups on)");
    }
  }

  /**
   * Refuses an offered load (the phase study's axis: 1 = what the machine can resize) that is not a number in
   * (0, 5]; null keeps the scenario's own load.
   */
  public static void checkLoad(Double offeredLoad) {
    if (offeredLoad != null && !(offeredLoad > 0 && offeredLoad <= 5)) {
      throw new IllegalArgumentException("offered_load must be in (0, 5] (1 = what the machine can resize), got "
          + offeredLoad);
    }
  }

  public Exhibit(ScenarioSpec scenarioSpec, long seed, double durationS, double graceS, Trigger trigger, PolicySpec policy,
      MachineSpec machine, Calibration calibration, PresetCatalog presets, SampleLibrary library) {
    this.trigger = trigger == null || trigger.isNone() ? null : trigger;
    this.scenario = scenarioSpec.name();
    this.offeredLoad = scenarioSpec.load();
    this.seed = seed;
    this.durationS = durationS;
    this.stopS = durationS + graceS;
    this.tasks = arrivals(scenarioSpec, durationS, trigger, seed, machine, calibration, presets);
    this.library = library;
    List<List<SampleLibrary.Sample>> picked = new ArrayList<>();
    for (Task t : tasks) {
      picked.add(t.images().stream().map(im -> library.nearest(im.megapixels())).toList());
    }
    this.samples = List.copyOf(picked);
  }

  /**
   * The batches an exhibit of {@code scenarioSpec} (at its load) plays: cut to {@code durationS}, with the trigger's
   * (null: none). A cage restarted mid-exhibit generates them again the same way.
   */
  public static List<Task> arrivals(ScenarioSpec scenarioSpec, double durationS, Trigger trigger, long seed, MachineSpec machine,
      Calibration calibration, PresetCatalog presets) {
    // withTrigger keeps the scenario's name, so its arrivals' random streams: the base batches stay the same
    ScenarioSpec cut = scenarioSpec.withDuration(durationS).withTrigger(trigger);
    return new ArrivalGenerator(cut, machine, calibration, presets).generate(seed);
  }

  /**
   * The tasks as the cage plays them: the generated arrivals and deadlines, with each image the
   * sample that stands in for it. This is what a run record keeps, so a replay predicts the same
   * costs the cage's scheduler did.
   */
  List<Task> playedTasks() {
    List<Task> played = new ArrayList<>(tasks.size());
    for (int i = 0; i < tasks.size(); i++) {
      Task t = tasks.get(i);
      List<ImageSpec> images = samples.get(i).stream().map(s -> new ImageSpec(s.width(), s.height())).toList();
      played.add(new Task(t.id(), t.arrivalS(), t.preset(), t.deadlineS(), images));
    }
    return played;
  }

  /** When the next batch arrives (infinity when all have). */
  double nextArrivalS() {
    return nextArrival < tasks.size() ? tasks.get(nextArrival).arrivalS() : Double.POSITIVE_INFINITY;
  }

  /** The batches due by {@code now}, in order. */
  List<Task> due(double now) {
    List<Task> out = new ArrayList<>();
    while (nextArrival < tasks.size() && tasks.get(nextArrival).arrivalS() <= now) {
      out.add(tasks.get(nextArrival++));
    }
    return out;
  }

  boolean allSent() {
    return nextArrival >= tasks.size();
  }

  /**
   * The answer to starting it: what it will play and with which calibration (and the day's probe), so a
   * watcher can replay it as it goes.
   */
  public ExhibitStarted startedAnswer(String runId, String policyId, Calibration calibration, Double speedProbeMs) {
    return new ExhibitStarted(true, runId, policyId, scenario, offeredLoad, seed, tasks.size(), durationS, stopS,
        trigger == null ? null : DataFile.JSON.valueToTree(trigger), DataFile.JSON.valueToTree(calibration),
        DataFile.JSON.valueToTree(playedTasks()), speedProbeMs);
  }
}
