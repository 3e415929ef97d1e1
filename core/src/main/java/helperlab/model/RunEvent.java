package helperlab.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

/** One event of a run record; see {@link EventType} for what {@code value} means. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunEvent(
    @JsonProperty(required = true) double t,
    @JsonProperty(required = true) EventType type,
    @JsonProperty("worker") int worker,
    @JsonProperty("task") int task,
    @JsonProperty("image") int image,
    @JsonProperty("value") double value,
    @JsonProperty("note") String note) {

  public RunEvent {
    if (!Double.isFinite(t) || t < 0) {
      throw new IllegalArgumentException("event time t must be a finite number of seconds >= 0, got " + t);
    }
    if (type == null) {
      throw new IllegalArgumentException("event type must be given");
    }
  }

  public void replayInto(EventSink sink) {
    sink.on(t, type, worker, task, image, value, note);
  }
}
