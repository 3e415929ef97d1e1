package helperlab.cage.supervisor;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import helperlab.cage.run.CageTask;
import helperlab.cage.store.BatchState;
import helperlab.cage.store.CageStore;
import helperlab.cage.store.StoredBatch;
import helperlab.model.DataFile;
import java.sql.SQLException;
import java.util.Locale;

/** The JSON answer to {@code GET /batches/{id}}: a batch's state and each image's, live or from the store. */
final class BatchViews {
  private BatchViews() {}

  /**
   * From the run holding it now (states as of this instant). An end the supervisor knows but the store does not have
   * yet (its checkpoint is due, or the database is away: {@code storeDown}) is said as such, {@code not_yet_stored}
   * with the {@code outcome} it will store, never as an end that a crash now would take back.
   */
  static ObjectNode of(CageTask t, String runId, boolean storeDown, String storeWhere) {
    ObjectNode o = DataFile.JSON.createObjectNode();
    o.put("batch", t.batchId);
    o.put("run", runId);
    o.put("task", t.id);
    o.put("origin", t.origin);
    o.put("preset", t.preset);
    boolean unstored = t.state().finished() && t.endedIn != null && !t.endedIn.written();
    o.put("state", t.state() == BatchState.ADMITTED ? (t.done() + t.dead() > 0 || anyRunning(t) ? "running" : "admitted")
        : unstored ? NOT_YET_STORED : t.state().wire());
    if (unstored) {
      o.put("outcome", t.state().wire());
      o.put("why", storeDown ? "not yet stored: PostgreSQL at " + storeWhere + " is away; the batch ended "
          + t.state().wire() + " in the supervisor's memory, and is stored as such when the database is back"
          : "not yet stored: its end goes to PostgreSQL with the next checkpoint");
    }
    o.put("deadline", t.deadlineAt.toString());
    o.put("done", t.done());
    o.put("dead", t.dead());
    o.put("total", t.images().size());
    ArrayNode images = o.putArray("images");
    for (CageTask.Image im : t.images()) {
      ObjectNode i = images.addObject();
      i.put("image", im.id);
      i.put("index", im.idx);
      i.put("source", im.source.toString());
      i.put("state", im.state().name().toLowerCase(Locale.ROOT));
      i.put("strikes", im.strikes());
      if (im.state() == CageTask.ImageState.DONE) {
        i.put("output", im.output.toString());
      }
    }
    return o;
  }

  /** The state of a batch whose end the database does not have yet (while it is away). */
  static final String NOT_YET_STORED = "not_yet_stored";

  private static boolean anyRunning(CageTask t) {
    for (CageTask.Image im : t.images()) {
      if (im.state() != CageTask.ImageState.QUEUED) {
        return true;
      }
    }
    return false;
  }

  /** From the store (a batch no run holds: finished, refused, or from an earlier life of the cage). */
  static ObjectNode of(StoredBatch b) {
    ObjectNode o = DataFile.JSON.createObjectNode();
    o.put("batch", b.id());
    o.put("run", b.runId());
    o.put("task", b.task());
    o.put("origin", b.origin());
    o.put("preset", b.preset());
    o.put("state", b.state().wire());
    o.put("deadline", b.deadlineAt().toString());
    int done = 0;
    int dead = 0;
    ArrayNode images = o.putArray("images");
    for (StoredBatch.StoredImage im : b.images()) {
      ObjectNode i = images.addObject();
      i.put("image", im.id());
      i.put("index", im.idx());
      i.put("source", im.source());
      i.put("state", im.state());
      i.put("strikes", im.strikes());
      if (im.state().equals("done")) {
        i.put("output", im.output());
        done++;
      } else if (im.state().equals("dead")) {
        dead++;
      }
    }
    o.put("done", done);
    o.put("dead", dead);
    o.put("total", b.images().size());
    return o;
  }

  /**
   * From the store alone; null if it has no such batch.
   *
   * @throws OtherCagesBatch when another cage on the same database owns it (this one holds nothing of it)
   */
  static ObjectNode stored(CageStore store, long id, String identity) {
    try {
      StoredBatch b = store.batch(id);
      if (b == null) {
        return null;
      }
      String owner = store.batchOwner(id);
      if (owner != null && !owner.isEmpty() && !owner.equals(identity)) {
        throw new OtherCagesBatch(id, owner, identity);
      }
      return of(b);
    } catch (SQLException e) {
      throw new IllegalStateException("the database is unavailable (" + e.getMessage() + ")");
    }
  }

}
