package helperlab.cage.ctl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import helperlab.cage.store.CageStore;
import helperlab.cage.supervisor.Supervisor;
import helperlab.model.DataFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;

/** ctl's answers about past runs: the list, and one run's record. */
final class RunAnswers {
  private RunAnswers() {}

  /** ctl's {@code runs}: every run the store knows, newest first (as {@code ctl --help} says). */
  static ObjectNode runs(Supervisor supervisor) {
    try {
      ObjectNode o = DataFile.JSON.createObjectNode();
      o.put("ok", true);
      ArrayNode list = o.putArray("runs");
      java.util.List<CageStore.RunRow> rows = new java.util.ArrayList<>(supervisor.store().runs(null));
      java.util.Collections.reverse(rows); // the store lists them oldest first
      for (CageStore.RunRow r : rows) {
        ObjectNode e = list.addObject();
        e.put("id", r.id());
        e.put("kind", r.kind());
        e.put("policy", r.policy());
        e.put("scenario", r.scenario());
        e.put("seed", r.seed());
        e.put("state", r.state());
        e.put("started_at", r.startedAt().toString());
        if (r.endedAt() != null) {
          e.put("ended_at", r.endedAt().toString());
        }
      }
      return o;
    } catch (SQLException e) {
      return CtlLines.error("the database is unavailable: " + e.getMessage());
    }
  }

  /** ctl's {@code run}: one run's record, from its file or else from PostgreSQL. */
  static ObjectNode run(Supervisor supervisor, JsonNode req) throws IOException {
    String id = CtlRequest.text(req, "id", null);
    if (id == null) {
      throw new IllegalArgumentException("run needs an id (see {\"op\":\"runs\"})");
    }
    if (!id.matches("[A-Za-z0-9._-]{1,200}")) {
      return CtlLines.error("no run '" + id + "'");
    }
    // The record file is written when the run ends; PostgreSQL has it once the next checkpoint is in.
    Path file = supervisor.config().runsDir().resolve(id + ".json");
    try {
      String json = Files.isRegularFile(file) ? Files.readString(file) : null;
      if (json == null && !supervisor.store().runExists(id)) {
        return CtlLines.error("no run '" + id + "'");
      }
      if (json == null) {
        json = supervisor.store().runRecord(id);
      }
      if (json == null) {
        return CtlLines.error("run '" + id + "' has no record yet (it is still running; follow it, or ask again when it ends)");
      }
      ObjectNode o = DataFile.JSON.createObjectNode();
      o.put("ok", true);
      o.set("record", DataFile.JSON.readTree(json));
      return o;
    } catch (SQLException e) {
      return CtlLines.error("the database is unavailable: " + e.getMessage());
    }
  }
}
