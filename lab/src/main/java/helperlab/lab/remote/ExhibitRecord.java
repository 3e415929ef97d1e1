package helperlab.lab.remote;

import com.fasterxml.jackson.core.JsonProcessingException;
import helperlab.lab.live.LiveTrigger;
import helperlab.model.DataFile;
import helperlab.model.RunRecord;
import helperlab.remote.CageClient;
import helperlab.remote.ControlException;
import helperlab.workload.Recovery;
import helperlab.workload.RunTriggers;

/** An ended exhibit's record, fetched from the cage, and the recovery from its trigger that it keeps. */
final class ExhibitRecord {
  /** How long to keep asking for a record the cage has not written yet. */
  private static final long RECORD_WAIT_MS = 30_000;
  private static final long ASK_AGAIN_MS = 300;

  private ExhibitRecord() {}

  /** The run's record (the cage writes it as the run ends: ask again for a while until it is there). */
  static RunRecord fetch(CageClient client, String runId) throws ControlException {
    long end = System.currentTimeMillis() + RECORD_WAIT_MS;
    while (true) {
      try {
        return DataFile.JSON.treeToValue(client.run(runId).record(), RunRecord.class);
      } catch (ControlException e) {
        if (e.kind() != ControlException.Kind.REMOTE_ERROR || System.currentTimeMillis() > end) {
          throw e;
        }
      } catch (JsonProcessingException e) {
        throw new IllegalStateException("the cage sent a record the lab cannot read: " + e.getOriginalMessage(), e);
      }
      try {
        Thread.sleep(ASK_AGAIN_MS);
      } catch (InterruptedException ie) {
        Thread.currentThread().interrupt();
        throw new ControlException(ControlException.Kind.CLOSED, "interrupted while fetching the record");
      }
    }
  }

  /**
   * The trigger the exhibit played ({@code played}, null when none) with the recovery from it that its record keeps;
   * as it was when the record keeps none.
   */
  static LiveTrigger recovered(LiveTrigger played, RunRecord record) {
    Recovery recovery = played == null ? null : recovery(record);
    if (recovery == null) {
      return played;
    }
    return recovery.downBeforeTrigger() ? LiveTrigger.downBefore(played.trigger(), recovery.tippedAtS(),
        recovery.neverHealthy()) : new LiveTrigger(played.trigger(), recovery.recoveryS(), recovery.metastable());
  }

  /** The recovery the record keeps (null when none, or when it cannot be read: the record still counts). */
  private static Recovery recovery(RunRecord record) {
    try {
      return RunTriggers.recovery(record);
    } catch (RuntimeException e) {
      return null;
    }
  }
}
