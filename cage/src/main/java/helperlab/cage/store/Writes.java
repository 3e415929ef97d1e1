package helperlab.cage.store;

import helperlab.model.RunEvent;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.List;

/**
 * Every state change the cage writes, each once: its statement and how a row binds to it. The
 * supervisor's checkpoints write them in batches, start-up and the synchronous paths (a decision made
 * durable before the client hears it, a batch let go) one row at a time; all through here, so a column
 * is never written two ways, and a batch's state only as a {@link BatchState}. Every write is idempotent.
 * (A pending batch's first row is inserted whole by {@link BatchRows}: no state change.)
 */
final class Writes {
  private Writes() {}

  /** One kind of write: run it for some rows on a connection the caller holds (and commits). */
  record Write<T>(String sql, Binder<T> binder) {
    void run(Connection c, List<? extends T> rows) throws SQLException {
      if (rows.isEmpty()) {
        return;
      }
      try (PreparedStatement s = c.prepareStatement(sql)) {
        for (T row : rows) {
          binder.bind(s, row);
          s.addBatch();
        }
        s.executeBatch();
      }
    }

    void run(Connection c, T row) throws SQLException {
      run(c, List.of(row));
    }
  }

  interface Binder<T> {
    void bind(PreparedStatement s, T row) throws SQLException;
  }

  record ImageDone(long image, Instant at) {}

  record Strikes(long image, int strikes) {}

  record Dead(long image, long batch, String source, String movedTo, int strikes, String reason) {}

  record Filed(long image, String movedTo) {}

  record StateChange(long batch, BatchState state, Instant at) {}

  record Decision(long batch, String run, int task, BatchState state, String reason, Double retryAfterS) {}

  record BatchRun(long batch, String run, int task) {}

  record Event(String run, int seq, RunEvent e) {}

  record Sample(String run, int seq, CageStore.SampleRow s) {}

  record RunEnd(String run, String state, Instant at, String recordJson) {}

  record Cursor(String run, int eventSeq, int sampleSeq, Instant at) {}

  static final Write<CageStore.RunRow> RUN_STARTED = new Write<>("insert into runs (id, kind, policy, scenario, seed,"
      + " admission, duration_s, state, started_at, offered_load, trigger_spec)"
      + " values (?, ?, ?, ?, ?, ?, ?, 'running', ?, ?, ?::jsonb) on conflict (id) do nothing",
      (s, r) -> {
        s.setString(1, r.id());
        s.setString(2, r.kind());
        s.setString(3, r.policy());
        s.setString(4, r.scenario());
        s.setLong(5, r.seed());
        s.setString(6, r.admission());
        if (r.durationS() == null) {
          s.setNull(7, Types.DOUBLE);
        } else {
          s.setDouble(7, r.durationS());
        }
        s.setTimestamp(8, Timestamp.from(r.startedAt()));
        if (r.offeredLoad() == null) {
          s.setNull(9, Types.DOUBLE);
        } else {
          s.setDouble(9, r.offeredLoad());
        }
        s.setString(10, r.triggerJson());
      });

  static final Write<BatchRun> BATCH_RUN = new Write<>("update batches set run_id = ?, task = ? where id = ?",
      (s, b) -> {
        s.setString(1, b.run());
        s.setInt(2, b.task());
        s.setLong(3, b.batch());
      });

  static final Write<ImageDone> IMAGE_DONE = new Write<>(
      "update images set state = 'done', done_at = ? where id = ? and state <> 'done'", (s, d) -> {
        s.setTimestamp(1, Timestamp.from(d.at()));
        s.setLong(2, d.image());
      });

  static final Write<Strikes> STRIKES = new Write<>("update images set strikes = ? where id = ?", (s, st) -> {
    s.setInt(1, st.strikes());
    s.setLong(2, st.image());
  });

  static final Write<Long> IMAGE_CANCELLED = new Write<>(
      "update images set state = 'cancelled' where id = ? and state = 'queued'", (s, id) -> s.setLong(1, id));

  /** A cancelled or abandoned batch's images still queued (with {@link #BATCH_STATE}). */
  static final Write<Long> QUEUED_IMAGES_OF_BATCH_CANCELLED = new Write<>(
      "update images set state = 'cancelled' where batch_id = ? and state = 'queued'", (s, batch) -> s.setLong(1, batch));

  /** The image's row; goes with {@link #DEAD_LETTER}. */
  static final Write<Dead> IMAGE_DEAD = new Write<>("update images set state = 'dead', strikes = ? where id = ?",
      (s, d) -> {
        s.setInt(1, d.strikes());
        s.setLong(2, d.image());
      });

  static final Write<Dead> DEAD_LETTER = new Write<>("insert into dead_letters (image_id, batch_id, source, moved_to,"
      + " strikes, reason) values (?, ?, ?, ?, ?, ?) on conflict (image_id) do nothing", (s, d) -> {
        s.setLong(1, d.image());
        s.setLong(2, d.batch());
        s.setString(3, d.source());
        s.setString(4, d.movedTo());
        s.setInt(5, d.strikes());
        s.setString(6, d.reason());
      });

  /** Where a dead letter went once the host let it be filed (after {@link #DEAD_LETTER} said it was not yet). */
  static final Write<Filed> DEAD_LETTER_FILED = new Write<>("update dead_letters set moved_to = ? where image_id = ?",
      (s, f) -> {
        s.setString(1, f.movedTo());
        s.setLong(2, f.image());
      });

  static final Write<StateChange> BATCH_STATE = new Write<>(
      "update batches set state = ?, finished_at = coalesce(?, finished_at) where id = ?", (s, b) -> {
        s.setString(1, b.state().wire());
        if (b.at() == null) {
          s.setNull(2, Types.TIMESTAMP_WITH_TIMEZONE);
        } else {
          s.setTimestamp(2, Timestamp.from(b.at()));
        }
        s.setLong(3, b.batch());
      });

  /**
   * The supervisor's answer to a pending batch (admitted or refused), made durable before the client hears it; a
   * batch that a checkpoint has already moved on is left as it is.
   */
  static final Write<Decision> DECISION = new Write<>("update batches set run_id = ?, task = ?, state = ?, reason = ?,"
      + " retry_after_s = ? where id = ? and state = 'pending'", (s, d) -> {
        s.setString(1, d.run());
        s.setInt(2, d.task());
        s.setString(3, d.state().wire());
        s.setString(4, d.reason());
        if (d.retryAfterS() == null) {
          s.setNull(5, Types.DOUBLE);
        } else {
          s.setDouble(5, d.retryAfterS());
        }
        s.setLong(6, d.batch());
      });

  static final Write<Event> EVENT = new Write<>("insert into run_events (run_id, seq, t, type, worker, task, image,"
      + " value, note) values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (run_id, seq) do nothing", (s, ev) -> {
        RunEvent e = ev.e();
        s.setString(1, ev.run());
        s.setInt(2, ev.seq());
        s.setDouble(3, e.t());
        s.setString(4, e.type().wire());
        s.setInt(5, e.worker());
        s.setInt(6, e.task());
        s.setInt(7, e.image());
        s.setDouble(8, e.value());
        s.setString(9, e.note());
      });

  static final Write<Sample> SAMPLE = new Write<>("insert into run_samples (run_id, seq, t, workers, busy, queue,"
      + " memory_mb) values (?, ?, ?, ?, ?, ?, ?) on conflict (run_id, seq) do nothing", (s, sm) -> {
        s.setString(1, sm.run());
        s.setInt(2, sm.seq());
        s.setDouble(3, sm.s().t());
        s.setInt(4, sm.s().workers());
        s.setInt(5, sm.s().busy());
        s.setInt(6, sm.s().queue());
        s.setDouble(7, sm.s().memoryMb());
      });

  static final Write<Cursor> CURSOR = new Write<>("insert into checkpoints (run_id, event_seq, sample_seq, at)"
      + " values (?, ?, ?, ?) on conflict (run_id) do update set event_seq = excluded.event_seq,"
      + " sample_seq = excluded.sample_seq, at = excluded.at", (s, cu) -> {
        s.setString(1, cu.run());
        s.setInt(2, cu.eventSeq());
        s.setInt(3, cu.sampleSeq());
        s.setTimestamp(4, Timestamp.from(cu.at()));
      });

  static final Write<RunEnd> RUN_ENDED = new Write<>(
      "update runs set state = ?, ended_at = ?, record = coalesce(?::jsonb, record) where id = ?", (s, r) -> {
        s.setString(1, r.state());
        s.setTimestamp(2, Timestamp.from(r.at()));
        s.setString(3, r.recordJson());
        s.setString(4, r.run());
      });
}
