package helperlab.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * Builds a {@link RunRecord} field by field, each named where it is set (flat, as the files name them; the record
 * puts each in its part), so a mis-ordered argument does not compile and a field left out is left out by name;
 * {@link #build()} checks the record as its constructor does.
 */
public final class RunRecordBuilder {
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

  RunRecordBuilder() {
  }

  RunRecordBuilder(RunRecord r) {
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

  public RunRecordBuilder format(int value) {
    format = value;
    return this;
  }

  public RunRecordBuilder id(String value) {
    id = value;
    return this;
  }

  public RunRecordBuilder kind(String value) {
    kind = value;
    return this;
  }

  public RunRecordBuilder policy(String value) {
    policy = value;
    return this;
  }

  /** The whole policy the run ran, as JSON (its id must be {@link #policy}'s); null: only the id is kept. */
  public RunRecordBuilder policySpec(JsonNode value) {
    policySpec = value;
    return this;
  }

  public RunRecordBuilder scenario(String value) {
    scenario = value;
    return this;
  }

  public RunRecordBuilder machine(MachineSpec value) {
    machine = value;
    return this;
  }

  public RunRecordBuilder seed(long value) {
    seed = value;
    return this;
  }

  public RunRecordBuilder admission(String value) {
    admission = value;
    return this;
  }

  public RunRecordBuilder calibration(Calibration value) {
    calibration = value;
    return this;
  }

  public RunRecordBuilder speedProbeMs(Double value) {
    speedProbeMs = value;
    return this;
  }

  public RunRecordBuilder durationS(double value) {
    durationS = value;
    return this;
  }

  public RunRecordBuilder tasks(List<Task> value) {
    tasks = value;
    return this;
  }

  public RunRecordBuilder events(List<RunEvent> value) {
    events = value;
    return this;
  }

  public RunRecordBuilder samples(Samples value) {
    samples = value;
    return this;
  }

  public RunRecordBuilder metrics(RunMetrics value) {
    metrics = value;
    return this;
  }

  public RunRecordBuilder replayOf(String value) {
    replayOf = value;
    return this;
  }

  public RunRecordBuilder createdAt(String value) {
    createdAt = value;
    return this;
  }

  public RunRecordBuilder host(String value) {
    host = value;
    return this;
  }

  public RunRecordBuilder stopS(Double value) {
    stopS = value;
    return this;
  }

  public RunRecordBuilder trigger(JsonNode value) {
    trigger = value;
    return this;
  }

  public RunRecordBuilder recovery(JsonNode value) {
    recovery = value;
    return this;
  }

  public RunRecordBuilder tipping(JsonNode value) {
    tipping = value;
    return this;
  }

  public RunRecordBuilder interference(JsonNode value) {
    interference = value;
    return this;
  }

  public RunRecordBuilder offeredLoad(Double value) {
    offeredLoad = value;
    return this;
  }

  public RunRecordBuilder processor(String value) {
    processor = value;
    return this;
  }

  public RunRecord build() {
    // the head first, so a record without an id or kind is refused for that, not for a part it lacks as well
    RunRecord.checkHead(format, id, kind);
    return new RunRecord(format, id, kind, new RunRecord.Setup(policy, policySpec, scenario, machine, seed, admission),
        new RunRecord.Basis(calibration, speedProbeMs, processor, offeredLoad),
        new RunRecord.History(durationS, stopS, tasks, events, samples), metrics,
        new RunRecord.Origin(replayOf, createdAt, host),
        new RunRecord.Upsets(trigger, recovery, tipping, interference));
  }
}
