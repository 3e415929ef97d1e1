package helperlab.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;

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
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunRecord(
    @JsonProperty(required = true) int format,
    @JsonProperty(required = true) String id,
    @JsonProperty(required = true) String kind,
    @JsonProperty(required = true) String policy,
    @JsonProperty("policy_spec") JsonNode policySpec,
    @JsonProperty(required = true) String scenario,
    @JsonProperty(required = true) MachineSpec machine,
    @JsonProperty(required = true) long seed,
    @JsonProperty(required = true) String admission,
    @JsonProperty(required = true) Calibration calibration,
    @JsonProperty("speed_probe_ms") Double speedProbeMs,
    @JsonProperty("duration_s") double durationS,
    @JsonProperty(required = true) List<Task> tasks,
    @JsonProperty(required = true) List<RunEvent> events,
    @JsonProperty(required = true) Samples samples,
    @JsonProperty(required = true) RunMetrics metrics,
    @JsonProperty("replay_of") String replayOf,
    @JsonProperty("created_at") String createdAt,
    @JsonProperty("host") String host,
    @JsonProperty("stop_s") Double stopS,
    @JsonProperty("trigger") JsonNode trigger,
    @JsonProperty("recovery") JsonNode recovery,
    @JsonProperty("tipping") JsonNode tipping,
    @JsonProperty("interference") JsonNode interference,
    @JsonProperty("offered_load") Double offeredLoad,
    @JsonProperty("processor") String processor) {

  public static final int FORMAT = 1;
  public static final String KIND_SIM = "sim";
  public static final String KIND_REAL = "real";
  public static final String KIND_REPLAY = "replay";

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
    if (format != FORMAT) {
      throw new IllegalArgumentException("format " + format + " is not supported (this lab reads format " + FORMAT + ")");
    }
    if (!List.of(KIND_SIM, KIND_REAL, KIND_REPLAY).contains(kind)) {
      throw new IllegalArgumentException("kind must be sim, real or replay, got '" + kind + "'");
    }
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("id must be given");
    }
    if (policySpec != null && !policySpec.path("id").asText("").equals(policy)) {
      throw new IllegalArgumentException("policy_spec is of policy '" + policySpec.path("id").asText("")
          + "', but the record names policy '" + policy + "'");
    }
    tasks = List.copyOf(tasks);
    events = List.copyOf(events);
    for (int i = 1; i < events.size(); i++) {
      if (events.get(i).t() < events.get(i - 1).t()) {
        throw new IllegalArgumentException("events must be in time order (event " + i + " goes back in time)");
      }
    }
  }

  /** Reads a record file (a name ending in .gz through gzip); a bad file's message names file and field. */
  public static RunRecord load(Path file) {
    return DataFile.read(file, RunRecord.class);
  }

  /** The run's end: the last sample or event. */
  public double endS() {
    double end = durationS;
    if (samples.size() > 0) {
      end = Math.max(end, samples.t()[samples.size() - 1]);
    }
    if (!events.isEmpty()) {
      end = Math.max(end, events.get(events.size() - 1).t());
    }
    return end;
  }

  /** A builder holding this record's values: set what differs by name, keep the rest. */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** An empty builder: every field named where it is set. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * Builds a {@link RunRecord} field by field, each named where it is set, so a mis-ordered argument does not compile
   * and a field left out is left out by name; {@link #build()} checks the record as its constructor does.
   */
  public static final class Builder {
    private int format = RunRecord.FORMAT;
    private String id;
    private String kind;
    private String policy;
    private JsonNode policySpec;
    private String scenario;
    private MachineSpec machine;
    private long seed;
    private String admission;
    private Calibration calibration;
    private Double speedProbeMs;
    private double durationS;
    private List<Task> tasks;
    private List<RunEvent> events;
    private Samples samples;
    private RunMetrics metrics;
    private String replayOf;
    private String createdAt;
    private String host;
    private Double stopS;
    private JsonNode trigger;
    private JsonNode recovery;
    private JsonNode tipping;
    private JsonNode interference;
    private Double offeredLoad;
    private String processor;

    Builder() {
    }

    Builder(RunRecord r) {
      format = r.format();
      id = r.id();
      kind = r.kind();
      policy = r.policy();
      policySpec = r.policySpec();
      scenario = r.scenario();
      machine = r.machine();
      seed = r.seed();
      admission = r.admission();
      calibration = r.calibration();
      speedProbeMs = r.speedProbeMs();
      durationS = r.durationS();
      tasks = r.tasks();
      events = r.events();
      samples = r.samples();
      metrics = r.metrics();
      replayOf = r.replayOf();
      createdAt = r.createdAt();
      host = r.host();
      stopS = r.stopS();
      trigger = r.trigger();
      recovery = r.recovery();
      tipping = r.tipping();
      interference = r.interference();
      offeredLoad = r.offeredLoad();
      processor = r.processor();
    }

    public Builder format(int value) {
      format = value;
      return this;
    }

    public Builder id(String value) {
      id = value;
      return this;
    }

    public Builder kind(String value) {
      kind = value;
      return this;
    }

    public Builder policy(String value) {
      policy = value;
      return this;
    }

    /** The whole policy the run ran, as JSON (its id must be {@link #policy}'s); null: only the id is kept. */
    public Builder policySpec(JsonNode value) {
      policySpec = value;
      return this;
    }

    public Builder scenario(String value) {
      scenario = value;
      return this;
    }

    public Builder machine(MachineSpec value) {
      machine = value;
      return this;
    }

    public Builder seed(long value) {
      seed = value;
      return this;
    }

    public Builder admission(String value) {
      admission = value;
      return this;
    }

    public Builder calibration(Calibration value) {
      calibration = value;
      return this;
    }

    public Builder speedProbeMs(Double value) {
      speedProbeMs = value;
      return this;
    }

    public Builder durationS(double value) {
      durationS = value;
      return this;
    }

    public Builder tasks(List<Task> value) {
      tasks = value;
      return this;
    }

    public Builder events(List<RunEvent> value) {
      events = value;
      return this;
    }

    public Builder samples(Samples value) {
      samples = value;
      return this;
    }

    public Builder metrics(RunMetrics value) {
      metrics = value;
      return this;
    }

    public Builder replayOf(String value) {
      replayOf = value;
      return this;
    }

    public Builder createdAt(String value) {
      createdAt = value;
      return this;
    }

    public Builder host(String value) {
      host = value;
      return this;
    }

    public Builder stopS(Double value) {
      stopS = value;
      return this;
    }

    public Builder trigger(JsonNode value) {
      trigger = value;
      return this;
    }

    public Builder recovery(JsonNode value) {
      recovery = value;
      return this;
    }

    public Builder tipping(JsonNode value) {
      tipping = value;
      return this;
    }

    public Builder interference(JsonNode value) {
      interference = value;
      return this;
    }

    public Builder offeredLoad(Double value) {
      offeredLoad = value;
      return this;
    }

    public Builder processor(String value) {
      processor = value;
      return this;
    }

    public RunRecord build() {
      return new RunRecord(format, id, kind, policy, policySpec, scenario, machine, seed, admission, calibration, speedProbeMs,
          durationS, tasks, events, samples, metrics, replayOf, createdAt, host, stopS, trigger, recovery, tipping,
          interference, offeredLoad, processor);
    }
  }
}
