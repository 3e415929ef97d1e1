package helperlab.lab.viewmodel;

import helperlab.model.RunRecord;
import helperlab.policy.PolicyCatalog;
import helperlab.policy.PolicySpec;
import helperlab.runs.RecordedPolicy;
import helperlab.study.PolicyFiles;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The policies the lab can run: the built-ins and those the user opened from JSON files (the format {@code sweep
 * --policies} and {@code sim --policy-file} read). An opened policy is kept whole, so a run of it and its record
 * carry it (policy_spec) and a replay runs it again, never a built-in of the same name: a file that takes a built-in's
 * id for other settings is refused in plain words ({@link PolicyFiles}).
 */
public final class OwnPolicies {
  private final ObservableList<String> ids = FXCollections.observableArrayList(PolicyCatalog.ids());
  private final Map<String, PolicySpec> opened = new LinkedHashMap<>();

  /** The ids to choose from: the built-ins, then the opened ones in the order opened. */
  public ObservableList<String> ids() {
    return ids;
  }

  /**
   * Reads a policy file and adds its policy (replacing one opened before under the same id); the policy, or
   * an error naming the file and what is wrong with it.
   */
  public PolicySpec open(Path file) {
    PolicySpec p = PolicyFiles.read(file);
    if (PolicyCatalog.has(p.id())) {
      return p; // the built-in itself, repeated exactly
    }
    opened.put(p.id(), p);
    if (!ids.contains(p.id())) {
      ids.add(p.id());
    }
    return p;
  }

  /** Keeps a policy the user made or a record carried, as {@link #open} does a file's. */
  public void add(PolicySpec p) {
    String clash = PolicyFiles.clash(p);
    if (clash != null) {
      throw new IllegalArgumentException("policy " + clash);
    }
    if (!PolicyCatalog.has(p.id())) {
      opened.put(p.id(), p);
      if (!ids.contains(p.id())) {
        ids.add(p.id());
      }
    }
  }

  /** Offers the user's policy a record carries, unless one of its id is kept already (a built-in's is listed). */
  public void addCarriedBy(RunRecord r) {
    RecordedPolicy.find(r).filter(p -> own(p.id()).isEmpty()).ifPresent(p -> {
      try {
        add(p);
      } catch (IllegalArgumentException clash) {
        // a built-in's id: the list has it already
      }
    });
  }

  /**
   * The id to remember for the next start: a built-in's, else {@code otherwise}. The user's policies are kept for the
   * session only, and an id the next start does not know would throw the other remembered choices away with it.
   */
  static String builtInOr(String id, String otherwise) {
    return id != null && PolicyCatalog.has(id) ? id : otherwise;
  }

  /** The policy of this id: the user's own, else the built-in; an error in plain words for an id not known. */
  public PolicySpec spec(String id) {
    PolicySpec p = opened.get(id);
    return p != null ? p : PolicyCatalog.get(id);
  }

  /** The user's policy of this id; empty for a built-in (or an id not known). */
  public Optional<PolicySpec> own(String id) {
    return Optional.ofNullable(opened.get(id));
  }
}
