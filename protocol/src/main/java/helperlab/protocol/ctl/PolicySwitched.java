package helperlab.protocol.ctl;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

/** The answer to {@code set-policy}: the policy on now, and the one it replaced. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record PolicySwitched(
    @JsonProperty("ok") boolean ok,
    @JsonProperty("policy") String policy,
    @JsonProperty("was") String was) {}
