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
 * ({@code interference}, read by {@link Interference}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunRecord(
    @JsonProperty(required = true) int format,
    @JsonProperty(required = true) String id,
    @JsonProperty(required = true) String kind,
    @JsonProperty(required = true) String policy,
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
    @JsonProperty("interference") JsonNode interference) {

  public static final int FORMAT = 1;
  public static final String KIND_SIM = "sim";
  public static final String KIND_REAL = "real";
  public static final String KIND_REPLAY = "replay";

  /** A record of a run that went on until its work was done (no hard stop). */
  public RunRecord(int format, String id, String kind, String policy, String scenario, MachineSpec machine, long seed,
      String admission, Calibration calibration, Double speedProbeMs, double durationS, List<Task> tasks,
      List<RunEvent> events, Samples samples, RunMetrics metrics, String replayOf, String createdAt, String host) {
    this(format, id, kind, policy, scenario, machine, seed, admission, calibration, speedProbeMs, durationS, tasks, events,
        samples, metrics, replayOf, createdAt, host, null);
  }

  /** A record without a trigger. */
  public RunRecord(int format, String id, String kind, String policy, String scenario, MachineSpec machine, long seed,
      String admission, Calibration calibration, Double speedProbeMs, double durationS, List<Task> tasks,
      List<RunEvent> events, Samples samples, RunMetrics metrics, String replayOf, String createdAt, String host,
      Double stopS) {
    this(format, id, kind, policy, scenario, machine, seed, admission, calibration, speedProbeMs, durationS, tasks, events,
        samples, metrics, replayOf, createdAt, host, stopS, null, null);
  }

  /** A record not judged for tipping, without a measure of the host's interference. */
  public RunRecord(int format, String id, String kind, String policy, String scenario, MachineSpec machine, long seed,
      String admission, Calibration calibration, Double speedProbeMs, double durationS, List<Task> tasks,
      List<RunEvent> events, Samples samples, RunMetrics metrics, String replayOf, String createdAt, String host,
      Double stopS, JsonNode trigger, JsonNode recovery) {
    this(format, id, kind, policy, scenario, machine, seed, admission, calibration, speedProbeMs, durationS, tasks, events,
        samples, metrics, replayOf, createdAt, host, stopS, trigger, recovery, null, null);
  }

  /** This record with a trigger and the recovery from it (JSON; null for none). */
  public RunRecord withTrigger(JsonNode trigger, JsonNode recovery) {
    return new RunRecord(format, id, kind, policy, scenario, machine, seed, admission, calibration, speedProbeMs,
        durationS, tasks, events, samples, metrics, replayOf, createdAt, host, stopS, trigger, recovery, tipping,
        interference);
  }

  /** This record with when it tipped over (JSON; null: not judged). */
  public RunRecord withTipping(JsonNode judged) {
    return new RunRecord(format, id, kind, policy, scenario, machine, seed, admission, calibration, speedProbeMs,
        durationS, tasks, events, samples, metrics, replayOf, createdAt, host, stopS, trigger, recovery, judged,
        interference);
  }

  /** This record with the host's interference through the run ({@link Interference} as JSON; null for none). */
  public RunRecord withInterference(JsonNode measured) {
    return new RunRecord(format, id, kind, policy, scenario, machine, seed, admission, calibration, speedProbeMs,
        durationS, tasks, events, samples, metrics, replayOf, createdAt, host, stopS, trigger, recovery, tipping,
        measured);
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
}
