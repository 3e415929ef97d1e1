package helperlab.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * Builds a {@link RunRecord} field by field, each named where it is set, so a mis-ordered argument does not compile
 * and a field left out is left out by name; {@link #build()} checks the record as its constructor does.
 */
public final class RunRecordBuilder {
  private int format = RunRecord.FORMAT;
  private String id;
  private String kind;
  private String policy;
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

  RunRecordBuilder() {
  }

  RunRecordBuilder(RunRecord r) {
    format = r.format();
    id = r.id();
    kind = r.kind();
    policy = r.policy();
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

  public RunRecord build() {
    return new RunRecord(format, id, kind, policy, scenario, machine, seed, admission, calibration, speedProbeMs,
        durationS, tasks, events, samples, metrics, replayOf, createdAt, host, stopS, trigger, recovery, tipping,
        interference);
  }
}
