package helperlab.cage.ctl;

import helperlab.cage.store.CageStore;
import helperlab.cage.supervisor.Supervisor;
import helperlab.model.DataFile;
import helperlab.protocol.ctl.CtlRequest;
import helperlab.protocol.ctl.Reply;
import helperlab.protocol.ctl.RunAnswer;
import helperlab.protocol.ctl.RunList;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** ctl's answers about past runs: the list, and one run's record. */
final class RunAnswers {
  private RunAnswers() {}

  /** ctl's {@code runs}: every run the store knows, newest first (as {@code ctl --help} says). */
  static Object runs(Supervisor supervisor) {
    try {
      List<RunList.Row> rows = new ArrayList<>();
      for (CageStore.RunRow r : supervisor.store().runs(null)) {
        rows.add(new RunList.Row(r.id(), r.kind(), r.policy(), r.scenario(), r.seed(), r.state(),
            r.startedAt().toString(), r.endedAt() == null ? null : r.endedAt().toString()));
      }
      Collections.reverse(rows); // the store lists them oldest first
      return new RunList(true, rows);
    } catch (SQLException e) {
      return Reply.refused("the database is unavailable: " + e.getMessage());
    }
  }

  /** ctl's {@code run}: one run's record, from its file or else from PostgreSQL. */
  static Object run(Supervisor supervisor, CtlRequest.Run req) throws IOException {
    String id = req.id();
    if (id == null) {
      throw new IllegalArgumentException("run needs an id (see {\"op\":\"runs\"})");
    }
    if (!id.matches("[A-Za-z0-9._-]{1,200}")) {
      return Reply.refused("no run '" + id + "'");
    }
    // The record file is written when the run ends; PostgreSQL has it once the next checkpoint is in.
    Path file = supervisor.config().runsDir().resolve(id + ".json");
    try {
      String json = Files.isRegularFile(file) ? Files.readString(file) : null;
      if (json == null && !supervisor.store().runExists(id)) {
        return Reply.refused("no run '" + id + "'");
      }
      if (json == null) {
        json = supervisor.store().runRecord(id);
      }
      if (json == null) {
        return Reply.refused("run '" + id + "' has no record yet (it is still running; follow it, or ask again when it ends)");
      }
      return new RunAnswer(true, DataFile.JSON.readTree(json));
    } catch (SQLException e) {
      return Reply.refused("the database is unavailable: " + e.getMessage());
    }
  }
}
