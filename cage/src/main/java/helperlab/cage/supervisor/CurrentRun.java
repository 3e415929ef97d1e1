package helperlab.cage.supervisor;

import helperlab.cage.run.CageRun;
import helperlab.cage.run.Exhibit;
import helperlab.cage.store.Checkpoint;
import helperlab.model.RunRecord;
import helperlab.policy.PolicySpec;
import java.sql.SQLException;

/**
 * What the switcher and the loop's work ask of the supervisor, on its thread: the run on now, that run ended with
 * its record and the next one started in its place, and its checkpoints.
 */
interface CurrentRun {
  CageRun current();

  /** Ends the run on now: its workers stop, its record is written and its stream closed. */
  RunRecord endRun();

  /** Starts the next run (after {@link #endRun}); a PostgreSQL away is no failure (its row goes with a checkpoint). */
  void startRun(String kind, PolicySpec policy, Exhibit exhibit) throws SQLException;

  /** The run's admission plans on the CPU share it measured so far (after a watchdog round, which measures it). */
  void followHost();

  /** The speed probe taken when the run on now started (null when none could be). */
  Double probeMs();

  /** The checkpoint being filled now. */
  Checkpoint checkpoint();

  /** Hands the checkpoint being filled to be written, with the run's cursors, and starts the next. */
  void checkpointNow();
}
