package helperlab.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Everything about one run, simulated or real: what was asked (policy, scenario, machine, seed,
 * admission, the tasks as generated), with what model (calibration, speed probe), what happened
 * (every event, the sampled series) and how it scored (metrics). A run with a trigger keeps it
 * ({@code trigger}, the simulator's trigger JSON) and its recovery from it ({@code recovery}); both are
 * kept as JSON here, for this package knows nothing of the simulator, and read by the packages that do. A
 * judged run keeps when it tipped over ({@code tipping}: {@code {"tipped_at_s": s or null}}, see {@code
 * sim.Tipping}), with or without a trigger. A real run also keeps how much of its CPU the host took
 * ({@code interference}, read by {@link Interference}). An exhibit keeps the offered load it played ({@code
 * offered_load}, 1 = what the machine can resize), so a recording is judged at the load it had, not the one asked,
 * and the processor it ran on ({@code processor}, see {@link Processor}), so it is judged on its calibration's machine.
 * A record keeps the whole policy it ran ({@code policy_spec}, the policy's JSON, whose id is {@code policy}), so a
 * policy given as a file, or a built-in one changed by a study, is run again as it was; a record without it (written
 * before specs were kept, or by the cage, which runs only built-in policies) names a built-in id.
 *
 * <p>The record holds these in parts a reader can follow: what was asked ({@link Setup}), what it is judged on
 * ({@link Basis}), what happened ({@link History}), how it scored ({@link RunMetrics}), where it came from
 * ({@link Origin}) and what upset it and how it was judged ({@link Upsets}). On disk it is one flat object
 * ({@link RunRecordJson}, its fields and their order those of every record written so far), and every field keeps
 * its flat accessor ({@link #policy()} is {@code setup().policy()}).
 */
public record RunRecord(int format, String id, String kind, Setup setup, Basis basis, History history,
    RunMetrics metrics, Origin origin, Upsets upsets) {

  public static final int FORMAT = 1;
  public static final String KIND_SIM = "sim";
  public static final String KIND_REAL = "real";
  public static final String KIND_REPLAY = "replay";

  /** What was asked: the policy (its id, and its whole spec where kept), scenario, machine, seed and admission. */
  public record Setup(String policy, JsonNode policySpec, String scenario, MachineSpec machine, long seed,
      String admission) {
    public Setup {
      if (policySpec != null && !policySpec.path("id").asText("").equals(policy)) {
        throw new IllegalArgumentException("policy_spec is of policy '" + policySpec.path("id").asText("")
            + "', but the record names policy '" + policy + "'");
      }
    }
  }

  /** What the run is judged on: the calibration and the day's speed probe, the processor, the offered load played. */
  public record Basis(Calibration calibration, Double speedProbeMs, String processor, Double offeredLoad) {
  }

  /** What happened: how long the run was and where it stopped, the tasks as generated, every event, the samples. */
  public record History(double durationS, Double stopS, List<Task> tasks, List<RunEvent> events, Samples samples) {
    public History {
      tasks = List.copyOf(tasks);
      events = List.copyOf(events);
      for (int i = 1; i < events.size(); i++) {
        if (events.get(i).t() < events.get(i - 1).t()) {
          throw new IllegalArgumentException("events must be in time order (event " + i + " goes back in time)");
        }
      }
    }
  }

  /** Where the record came from: the record it replays, when and on which host it was made. */
  public record Origin(String replayOf, String createdAt, String host) {
  }

  /** What upset the run and how it was judged: the trigger and the recovery, when it tipped, the host's take. */
  public record Upsets(JsonNode trigger, JsonNode recovery, JsonNode tipping, JsonNode interference) {
  }

  /** This record with a trigger and the recovery from it (JSON; null for none). */
  public RunRecord withTrigger(JsonNode trigger, JsonNode recovery) {
    return toBuilder().trigger(trigger).recovery(recovery).build();
  }

  /** This record with when it tipped over (JSON; null: not judged). */
  public RunRecord withTipping(JsonNode judged) {
    return toBuilder().tipping(judged).build();
  }

  /** This record with the host's interference through the run ({@link Interference} as JSON; null for none). */
  public RunRecord withInterference(JsonNode measured) {
    return toBuilder().interference(measured).build();
  }

  public RunRecord {
    checkHead(format, id, kind);
    Objects.requireNonNull(setup, "setup");
    Objects.requireNonNull(basis, "basis");
    Objects.requireNonNull(history, "history");
    Objects.requireNonNull(origin, "origin");
    Objects.requireNonNull(upsets, "upsets");
  }

  static void checkHead(int format, String id, String kind) {
    if (format != FORMAT) {
      throw new IllegalArgumentException("format " + format + " is not supported (this lab reads format " + FORMAT + ")");
    }
    if (!List.of(KIND_SIM, KIND_REAL, KIND_REPLAY).contains(kind)) {
      throw new IllegalArgumentException("kind must be sim, real or replay, got '" + kind + "'");
    }
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("id must be given");
    }
  }

  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  static RunRecord fromJson(RunRecordJson flat) {
    return flat.record();
  }

  @JsonValue
  RunRecordJson json() {
    return RunRecordJson.of(this);
  }

  /** Reads a record file (a name ending in .gz through gzip); a bad file's message names file and field. */
  public static RunRecord load(Path file) {
    return DataFile.read(file, RunRecord.class);
  }

  /** The run's end: the last sample or event. */
  public double endS() {
    double end = durationS();
    Samples samples = samples();
    if (samples.size() > 0) {
      end = Math.max(end, samples.t()[samples.size() - 1]);
    }
    List<RunEvent> events = events();
    if (!events.isEmpty()) {
      end = Math.max(end, events.get(events.size() - 1).t());
    }
    return end;
  }

  /** A builder holding this record's values: set what differs by name, keep the rest. */
  public RunRecordBuilder toBuilder() {
    return new RunRecordBuilder(this);
  }

  /** An empty builder: every field named where it is set. */
  public static RunRecordBuilder builder() {
    return new RunRecordBuilder();
  }

  // The flat accessors, one per field as the files name them, so a reader of one field need not know its part.

  public String policy() {
    return setup.policy();
  }

  public JsonNode policySpec() {
    return setup.policySpec();
  }

  public String scenario() {
    return setup.scenario();
  }

  public MachineSpec machine() {
    return setup.machine();
  }

  public long seed() {
    return setup.seed();
  }

  public String admission() {
    return setup.admission();
  }

  public Calibration calibration() {
    return basis.calibration();
  }

  public Double speedProbeMs() {
    return basis.speedProbeMs();
  }

  public String processor() {
    return basis.processor();
  }

  public Double offeredLoad() {
    return basis.offeredLoad();
  }

  public double durationS() {
    return history.durationS();
  }

  public Double stopS() {
    return history.stopS();
  }

  public List<Task> tasks() {
    return history.tasks();
  }

  public List<RunEvent> events() {
    return history.events();
  }

  public Samples samples() {
    return history.samples();
  }

  public String replayOf() {
    return origin.replayOf();
  }

  public String createdAt() {
    return origin.createdAt();
  }

  public String host() {
    return origin.host();
  }

  public JsonNode trigger() {
    return upsets.trigger();
  }

  public JsonNode recovery() {
    return upsets.recovery();
  }

  public JsonNode tipping() {
    return upsets.tipping();
  }

  public JsonNode interference() {
    return upsets.interference();
  }
}
