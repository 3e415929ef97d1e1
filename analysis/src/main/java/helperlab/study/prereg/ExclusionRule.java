package helperlab.study.prereg;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * One registered reason a recording is not used, by id and in words; a registration lists them all before the
 * first recording, and the verdict applies exactly the ids it lists (an id it does not know stops it). Each excluded
 * recording is counted with its reasons.
 */
public record ExclusionRule(@JsonProperty("id") String id, @JsonProperty("rule") String rule) {
  public static final String STARVED = "starved";
  public static final String OFF_PACE = "off-pace";
  public static final String OTHER_PROCESSOR = "other-processor";
  public static final String HOST_UNSTEADY = "host-unsteady";
  public static final String OFF_PROTOCOL = "off-protocol";
  /** The ids a verdict knows how to apply. */
  public static final List<String> KNOWN = List.of(STARVED, OFF_PACE, OTHER_PROCESSOR, HOST_UNSTEADY, OFF_PROTOCOL);

  public ExclusionRule {
    if (!KNOWN.contains(id)) {
      throw new IllegalArgumentException("no exclusion rule '" + id + "' (known: " + String.join(", ", KNOWN) + ")");
    }
  }

  /** The rules of the second registration, the pace gate's tolerance in its words. */
  public static List<ExclusionRule> registered(PaceGate gate) {
    return List.of(
        new ExclusionRule(STARVED, "starved: the cage's CPU share was not measured through the run, or the host's "
            + "other processes took the CPU the cage's busy workers lacked (the record's interference, starved)"),
        new ExclusionRule(OFF_PACE, gate.words()),
        new ExclusionRule(OTHER_PROCESSOR, "another processor: the run's processor is not the one the host's "
            + "calibration names"),
        new ExclusionRule(HOST_UNSTEADY, "host unsteady: the stretch's steadiness check before or after its recordings "
            + "found the machine's speed moving more than 10% (its host-notes.txt says so, as record.sh writes it)"),
        new ExclusionRule(OFF_PROTOCOL, "not the registered point: another policy, scenario or offered load, a "
            + "trigger, or an exhibit shorter than the registered one"));
  }
}
