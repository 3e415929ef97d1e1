package helperlab.policy;

/** What a client model asks its driver to do: send a copy of a task, or record how a task ended. */
public sealed interface ClientAction {
  /** Send task {@code task} to the service as batch {@code copy} (the task's own id for the first send). */
  record Send(int task, int copy) implements ClientAction {}

  /** A task is settled from the client's side. */
  record Outcome(int task, Result result, double atS, double latenessS) implements ClientAction {}

  /** The results of batch {@code copy} will not be used (another copy answered first). */
  record Discard(int copy) implements ClientAction {}

  /** How a task ended for the client. */
  enum Result { MET, LATE, TURNED_AWAY }
}
