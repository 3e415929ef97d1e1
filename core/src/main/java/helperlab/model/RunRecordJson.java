package helperlab.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * {@link RunRecord} as the files hold it: one flat object, its fields in this order, a field without a value left
 * out. Every record written so far reads through it, and one written through it is the same bytes as before the
 * record had parts; the record's own checks run when it is turned into one.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record RunRecordJson(
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

  static RunRecordJson of(RunRecord r) {
    return new RunRecordJson(r.format(), r.id(), r.kind(), r.policy(), r.policySpec(), r.scenario(), r.machine(),
        r.seed(), r.admission(), r.calibration(), r.speedProbeMs(), r.durationS(), r.tasks(), r.events(), r.samples(),
        r.metrics(), r.replayOf(), r.createdAt(), r.host(), r.stopS(), r.trigger(), r.recovery(), r.tipping(),
        r.interference(), r.offeredLoad(), r.processor());
  }

  RunRecord record() {
    return RunRecord.builder().format(format).id(id).kind(kind).policy(policy).policySpec(policySpec)
        .scenario(scenario).machine(machine).seed(seed).admission(admission).calibration(calibration)
        .speedProbeMs(speedProbeMs).durationS(durationS).tasks(tasks).events(events).samples(samples).metrics(metrics)
        .replayOf(replayOf).createdAt(createdAt).host(host).stopS(stopS).trigger(trigger).recovery(recovery)
        .tipping(tipping).interference(interference).offeredLoad(offeredLoad).processor(processor).build();
  }
}
