package helperlab.runs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import helperlab.model.DataFile;
import helperlab.model.RunRecord;
import helperlab.policy.PolicyCatalog;
import helperlab.policy.PolicySpec;
import java.util.Optional;

/**
 * The policy a record ran: the spec it carries ({@code policy_spec}), or, for a record that names only an id
 * (written before specs were kept, or by the cage), the built-in policy of that id. Whatever rebuilds a run from
 * its record asks here, so a policy given as a file runs again as itself.
 */
public final class RecordedPolicy {
  private RecordedPolicy() {}

  /** The policy {@code run} ran; an error in plain words when the record cannot say. */
  public static PolicySpec of(RunRecord run) {
    JsonNode spec = run.policySpec();
    if (spec != null) {
      try {
        return DataFile.JSON.treeToValue(spec, PolicySpec.class);
      } catch (JsonProcessingException | IllegalArgumentException e) {
        throw new IllegalArgumentException("run " + run.id() + ": its policy_spec cannot be read: "
            + DataFile.explain("policy_spec", e).getMessage());
      }
    }
    if (!PolicyCatalog.has(run.policy())) {
      throw new IllegalArgumentException("run " + run.id() + " ran policy '" + run.policy() + "', which is not a "
          + "built-in policy, and its record keeps only the id, not the policy's settings (policy_spec), so it cannot "
          + "be run again; record it again with this version, which keeps them");
    }
    return PolicyCatalog.get(run.policy());
  }

  /** The policy {@code run} ran, or empty when the record cannot say (an unknown id without its spec). */
  public static Optional<PolicySpec> find(RunRecord run) {
    try {
      return Optional.of(of(run));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /** The spec as a record keeps it. */
  public static JsonNode json(PolicySpec policy) {
    return DataFile.JSON.valueToTree(policy);
  }
}
