package helperlab.protocol.ctl;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * A request to a cage's ctl: one JSON object on a line, its {@code op} first, then the op's own fields. The lab writes
 * these records and the cage reads them; what a request leaves out reads as null (the cage's default). A trigger is
 * the simulator's trigger JSON, which owns its own fields.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "op")
@JsonSubTypes({
    @JsonSubTypes.Type(CtlRequest.Status.class), @JsonSubTypes.Type(CtlRequest.SetPolicy.class),
    @JsonSubTypes.Type(CtlRequest.Press.class), @JsonSubTypes.Type(CtlRequest.Exhibit.class),
    @JsonSubTypes.Type(CtlRequest.Follow.class), @JsonSubTypes.Type(CtlRequest.Runs.class),
    @JsonSubTypes.Type(CtlRequest.Run.class), @JsonSubTypes.Type(CtlRequest.Calibrate.class)})
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public sealed interface CtlRequest {
  /** The ops, as {@code ctl --help} and an unknown op's answer list them. */
  List<String> OPS = List.of("status", "set-policy", "press", "exhibit", "follow", "runs", "run", "calibrate");

  /** The op's name on the wire. */
  default String op() {
    return getClass().getAnnotation(JsonTypeName.class).value();
  }

  @JsonTypeName("status")
  record Status() implements CtlRequest {}

  @JsonTypeName("set-policy")
  record SetPolicy(@JsonProperty("policy") String policy) implements CtlRequest {}

  /** The big button; without a seed the cage draws one. */
  @JsonTypeName("press")
  record Press(@JsonProperty("scenario") String scenario, @JsonProperty("seed") Long seed) implements CtlRequest {}

  /**
   * An exhibit; {@code offered_load} null plays the scenario's own load; {@code wait} true answers when it ends
   * (with {@link ExhibitEnded}), else at once (with {@link ExhibitStarted}).
   */
  @JsonTypeName("exhibit")
  record Exhibit(
      @JsonProperty("policy") String policy,
      @JsonProperty("scenario") String scenario,
      @JsonProperty("seed") Long seed,
      @JsonProperty("duration_s") Double durationS,
      @JsonProperty("grace_s") Double graceS,
      @JsonProperty("offered_load") Double offeredLoad,
      @JsonProperty("trigger") JsonNode trigger,
      @JsonProperty("wait") Boolean waitForEnd) implements CtlRequest {
    /** An exhibit that answers at once, as the lab starts one. */
    public static Exhibit started(String policy, String scenario, long seed, double durationS, JsonNode trigger) {
      return new Exhibit(policy, scenario, seed, durationS, null, null, trigger, null);
    }

    public boolean waits() {
      return Boolean.TRUE.equals(waitForEnd);
    }
  }

  /** Follows a run's stream from after {@code from} ({@code 0-0}: its start); no run: the cage's current one. */
  @JsonTypeName("follow")
  record Follow(@JsonProperty("from") String from, @JsonProperty("run") String run) implements CtlRequest {}

  @JsonTypeName("runs")
  record Runs() implements CtlRequest {}

  @JsonTypeName("run")
  record Run(@JsonProperty("id") String id) implements CtlRequest {}

  /** Measures the cage; {@code quick}: the short ladder; {@code force}: a doubtful result replaces a steady one. */
  @JsonTypeName("calibrate")
  record Calibrate(@JsonProperty("quick") Boolean quick, @JsonProperty("force") Boolean force) implements CtlRequest {}
}
