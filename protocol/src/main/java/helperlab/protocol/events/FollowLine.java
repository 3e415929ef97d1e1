package helperlab.protocol.events;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One line of ctl's answer to {@code follow}: a stream entry ({@code id} like {@code 17-0}, {@code type}) with its
 * payload under the name its kind says ({@code sample}, {@code end}, else {@code event}), or {@code raw} when the
 * cage could not read the entry; or a {@link #HEARTBEAT} (no id, no payload) that only says the link is alive.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FollowLine(
    @JsonProperty("ok") boolean ok,
    @JsonProperty("run") String run,
    @JsonProperty("id") String id,
    @JsonProperty("type") String type,
    @JsonProperty("sample") SampleLine sample,
    @JsonProperty("event") EventLine event,
    @JsonProperty("end") EndLine end,
    @JsonProperty("raw") String raw) {
  /** The type of a line that only says the link is alive. */
  public static final String HEARTBEAT = "heartbeat";

  public static FollowLine sample(String run, String id, SampleLine s) {
    return new FollowLine(true, run, id, SampleLine.TYPE, s, null, null, null);
  }

  public static FollowLine event(String run, String id, EventLine e) {
    return new FollowLine(true, run, id, e.type(), null, e, null, null);
  }

  public static FollowLine end(String run, String id, EndLine e) {
    return new FollowLine(true, run, id, EndLine.TYPE, null, null, e, null);
  }

  /** An entry the cage could not read, passed on as it is in the stream. */
  public static FollowLine raw(String run, String id, String type, String json) {
    return new FollowLine(true, run, id, type, null, null, null, json);
  }

  @com.fasterxml.jackson.annotation.JsonIgnore
  public boolean isHeartbeat() {
    return HEARTBEAT.equals(type);
  }

  @com.fasterxml.jackson.annotation.JsonIgnore
  public boolean isEnd() {
    return EndLine.TYPE.equals(type);
  }

  /**
   * A heartbeat as the cage writes it: {@code ok}, {@code type}, {@code run}, in that order (a follow line's order
   * puts the run first; older cages wrote the heartbeat this way, so it keeps its own); read as a {@link FollowLine}.
   */
  @JsonPropertyOrder({"ok", "type", "run"})
  public record Heartbeat(@JsonProperty("ok") boolean ok, @JsonProperty("type") String type,
      @JsonProperty("run") String run) {
    public static Heartbeat of(String run) {
      return new Heartbeat(true, HEARTBEAT, run);
    }
  }
}
