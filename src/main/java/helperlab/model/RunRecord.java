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
  public RunRecordBuilder toBuilder() {
    return new RunRecordBuilder(this);
  }

  /** An empty builder: every field named where it is set. */
  public static RunRecordBuilder builder() {
    return new RunRecordBuilder();
  }
}
