package helperlab.policy;

import java.util.List;

/** What the scheduler asks its driver (the simulator or the cage's supervisor) to do or record. */
public sealed interface Command {
  /** Start a worker process; {@code task} is the task a helper is bound to, or -1 for a pool worker. */
  record Spawn(int worker, int task) implements Command {}

  /** Give a ready worker these images, to resize in order; it reports each one done. */
  record Assign(int worker, List<ImageJob> images) implements Command {}

  /**
   * A ready helper that yielded now works for {@code task}: the process is handed over, not replaced, so the
   * driver only relabels it (its next images come in an {@link Assign}).
   */
  record Handover(int worker, int task) implements Command {}

  /** Let an idle worker exit; {@code reason} is "idle", "done", "yield" or "scaled-down". */
  record Retire(int worker, String reason) implements Command {}

  /** Every image of a task is done or dead-lettered. */
  record TaskFinished(int task, double atS, boolean met, int deadImages) implements Command {}

  /** An image crashed {@code strikes} workers and is given up on. */
  record DeadLetter(ImageJob image, int strikes) implements Command {}
}
