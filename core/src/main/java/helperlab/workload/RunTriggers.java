package helperlab.workload;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.model.DataFile;
import helperlab.model.RunRecord;
import helperlab.workload.Recovery;
import helperlab.workload.Trigger;

/** A run record's trigger and its recovery from it, read back as the simulator's types. */
public final class RunTriggers {
  private RunTriggers() {}

  /** The run's trigger, or null when it had none. */
  public static Trigger trigger(RunRecord run) {
    JsonNode n = run.trigger();
    return n == null || n.isNull() ? null : DataFile.parse(n.toString(), run.id() + ": trigger", Trigger.class);
  }

  /** The run's recovery from its trigger, or null when it had none. */
  public static Recovery recovery(RunRecord run) {
    JsonNode n = run.recovery();
    return n == null || n.isNull() ? null : DataFile.parse(n.toString(), run.id() + ": recovery", Recovery.class);
  }

  /** JSON of a trigger or recovery, for a record (null stays null). */
  public static JsonNode json(Object value) {
    return value == null ? null : DataFile.JSON.valueToTree(value);
  }
}
