package helperlab.cage.store;

import helperlab.cage.store.CageStore.JournalEntry;
import helperlab.cage.store.CageStore.RunRow;
import helperlab.cage.store.CageStore.SampleRow;
import helperlab.model.EventType;
import helperlab.model.RunEvent;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Runs as rows: listed, their records and journals read back, and a journal completed at take-back. */
final class RunRows {
  private RunRows() {}

  static List<RunRow> runs(Connection c, String state) throws SQLException {
    String sql = "select id, kind, policy, scenario, seed, admission, duration_s, state, started_at, ended_at,"
        + " offered_load, trigger_spec::text from runs"
        + (state == null ? "" : " where state = ?") + " order by started_at, id";
    List<RunRow> out = new ArrayList<>();
    try (PreparedStatement s = c.prepareStatement(sql)) {
      if (state != null) {
        s.setString(1, state);
      }
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          Timestamp ended = rs.getTimestamp(10);
          out.add(new RunRow(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getLong(5),
              rs.getString(6), nullableDouble(rs, 7), rs.getString(8), rs.getTimestamp(9).toInstant(),
              ended == null ? null : ended.toInstant(), nullableDouble(rs, 11), rs.getString(12)));
        }
      }
    }
    return out;
  }

  private static Double nullableDouble(ResultSet rs, int column) throws SQLException {
    double d = rs.getDouble(column);
    return rs.wasNull() ? null : d;
  }

  /** The ids of this cage's runs (the session's {@code helperlab.cage_id}) in {@code state}. */
  static java.util.Set<String> ownIds(Connection c, String state) throws SQLException {
    java.util.Set<String> own = new java.util.HashSet<>();
    try (PreparedStatement s = c.prepareStatement(
        "select id from runs where state = ? and cage_id = current_setting('helperlab.cage_id')")) {
      s.setString(1, state);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          own.add(rs.getString(1));
        }
      }
    }
    return own;
  }

  static String record(Connection c, String id) throws SQLException {
    try (PreparedStatement s = c.prepareStatement("select record::text from runs where id = ?")) {
      s.setString(1, id);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next() ? rs.getString(1) : null;
      }
    }
  }

  static boolean exists(Connection c, String id) throws SQLException {
    try (PreparedStatement s = c.prepareStatement("select 1 from runs where id = ?")) {
      s.setString(1, id);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next();
      }
    }
  }

  static List<JournalEntry> journal(Connection c, String runId) throws SQLException {
    List<JournalEntry> out = new ArrayList<>();
    try (PreparedStatement s = c.prepareStatement(
        "select seq, t, type, worker, task, image, value, note from run_events where run_id = ?")) {
      s.setString(1, runId);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          out.add(new JournalEntry(rs.getInt(1), new RunEvent(rs.getDouble(2), EventType.fromWire(rs.getString(3)),
              rs.getInt(4), rs.getInt(5), rs.getInt(6), rs.getDouble(7), rs.getString(8)), null));
        }
      }
    }
    try (PreparedStatement s = c.prepareStatement(
        "select seq, t, workers, busy, queue, memory_mb from run_samples where run_id = ?")) {
      s.setString(1, runId);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          out.add(new JournalEntry(rs.getInt(1), null,
              new SampleRow(rs.getDouble(2), rs.getInt(3), rs.getInt(4), rs.getInt(5), rs.getDouble(6))));
        }
      }
    }
    out.sort(Comparator.comparingInt(JournalEntry::seq));
    return out;
  }

  static int lastEventSeq(Connection c, String runId) throws SQLException {
    try (PreparedStatement s = c.prepareStatement("select coalesce(max(seq), 0) from run_events where run_id = ?")) {
      s.setString(1, runId);
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        return rs.getInt(1);
      }
    }
  }

  /**
   * In the caller's transaction: of {@code imageIds}, those not yet done are marked done and each given its
   * {@code image_done} event in run {@code runId} (task {@code task}, at the run's last time, after its last entry, with
   * {@code note}); returns how many. Rows locked first, so two take-backs cannot both add an event.
   */
  static int recoverPublished(Connection c, String runId, int task, List<Long> imageIds, String note)
      throws SQLException {
    Instant now = Instant.now();
    List<Long> fresh = new ArrayList<>();
    try (PreparedStatement s = c.prepareStatement(
        "select id from images where id = any(?) and state <> 'done' order by id for update")) {
      s.setArray(1, c.createArrayOf("bigint", imageIds.toArray()));
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          fresh.add(rs.getLong(1));
        }
      }
    }
    Writes.IMAGE_DONE.run(c, fresh.stream().map(id -> new Writes.ImageDone(id, now)).toList());
    if (runId == null || fresh.isEmpty()) {
      return fresh.size();
    }
    int seq;
    double t;
    try (PreparedStatement s = c.prepareStatement("select greatest((select coalesce(max(seq), 0) from run_events"
        + " where run_id = ?), (select coalesce(max(seq), 0) from run_samples where run_id = ?)),"
        + " greatest((select coalesce(max(t), 0) from run_events where run_id = ?),"
        + " (select coalesce(max(t), 0) from run_samples where run_id = ?))")) {
      for (int i = 1; i <= 4; i++) {
        s.setString(i, runId);
      }
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        seq = rs.getInt(1);
        t = rs.getDouble(2);
      }
    }
    List<Writes.Event> events = new ArrayList<>();
    for (long id : fresh) {
      events.add(new Writes.Event(runId, ++seq, new RunEvent(t, EventType.IMAGE_DONE, -1, task, (int) id, 0, note)));
    }
    Writes.EVENT.run(c, events);
    return fresh.size();
  }
}
