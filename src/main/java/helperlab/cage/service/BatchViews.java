package helperlab.cage.service;

import helperlab.cage.store.BatchState;
import helperlab.cage.store.CageStore;
import helperlab.cage.store.StoredBatch;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import helperlab.model.DataFile;
import java.sql.SQLException;
import java.util.Locale;

/** The JSON answer to {@code GET /batches/{id}}: a batch's state and each image's, live or from the store. */
final class BatchViews {
  private BatchViews() {}

  /** From the run holding it now (states as of this instant). */
  static ObjectNode of(CageTask t, String runId) {
    ObjectNode o = DataFile.JSON.createObjectNode();
    o.put("batch", t.batchId);
    o.put("run", runId);
    o.put("task", t.id);
    o.put("origin", t.origin);
    o.put("preset", t.preset);
    o.put("state", t.state() == BatchState.ADMITTED ? (t.done() + t.dead() > 0 || anyRunning(t) ? "running" : "admitted")
        : t.state().wire());
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

  /** From the store alone; null if it has no such batch. */
  static ObjectNode stored(CageStore store, long id) {
    try {
      StoredBatch b = store.batch(id);
      return b == null ? null : of(b);
    } catch (SQLException e) {
      throw new IllegalStateException("the database is unavailable (" + e.getMessage() + ")");
    }
  }
}
