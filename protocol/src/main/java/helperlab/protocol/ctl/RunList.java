package helperlab.protocol.ctl;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/** The answer to {@code runs}: every run the cage's store knows, newest first. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RunList(
    @JsonProperty("ok") boolean ok,
    @JsonProperty("runs") List<Row> runs) {
  public RunList {
    runs = runs == null ? List.of() : List.copyOf(runs);
  }

  /** One run; {@code ended_at} absent while it runs. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Row(
      @JsonProperty("id") String id,
      @JsonProperty("kind") String kind,
      @JsonProperty("policy") String policy,
      @JsonProperty("scenario") String scenario,
      @JsonProperty("seed") long seed,
      @JsonProperty("state") String state,
      @JsonProperty("started_at") String startedAt,
      @JsonInclude(JsonInclude.Include.NON_NULL) @JsonProperty("ended_at") String endedAt) {}
}
