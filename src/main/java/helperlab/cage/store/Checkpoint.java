package helperlab.cage.store;

import helperlab.model.RunEvent;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The supervisor's state changes since the last checkpoint, written to PostgreSQL in one
 * transaction: images done, struck, dead-lettered or cancelled; batches finished or moved to a new
 * run; the run's events and samples; finished runs; and the cursors. Every write is idempotent, so
 * a checkpoint that failed can be merged into the next and written again.
 */
public final class Checkpoint {
  private record ImageDone(long image, Instant at) {}

  private record Strikes(long image, int strikes) {}

  private record Dead(long image, long batch, String source, String movedTo, int strikes, String reason) {}

  private record BatchState(long batch, String state, Instant at) {}

  private record BatchRun(long batch, String run, int task) {}

  private record Event(String run, int seq, RunEvent e) {}

  private record Sample(String run, int seq, CageStore.SampleRow s) {}

  private record RunEnd(String run, String state, Instant at, String recordJson) {}

  private record Cursor(String run, int eventSeq, int sampleSeq, Instant at) {}

  private final List<CageStore.RunRow> runStarts = new ArrayList<>();

  private final List<BatchRun> batchRuns = new ArrayList<>();
  private final List<ImageDone> done = new ArrayList<>();
  private final List<Strikes> strikes = new ArrayList<>();
  private final List<Long> cancelled = new ArrayList<>();
  private final List<Dead> dead = new ArrayList<>();
  private final List<BatchState> batchStates = new ArrayList<>();
  private final List<Event> events = new ArrayList<>();
  private final List<Sample> samples = new ArrayList<>();
  private final List<RunEnd> runEnds = new ArrayList<>();
  private final List<Cursor> cursors = new ArrayList<>();

  /** A run began (its row must exist before its events; written first). */
  public synchronized void runStarted(CageStore.RunRow run) {
    runStarts.add(run);
  }

  public synchronized void imageDone(long image, Instant at) {
    done.add(new ImageDone(image, at));
  }

  public synchronized void strikes(long image, int n) {
    strikes.add(new Strikes(image, n));
  }

  public synchronized void imageCancelled(long image) {
    cancelled.add(image);
  }

  public synchronized void imageDead(long image, long batch, String source, String movedTo, int n, String reason) {
    dead.add(new Dead(image, batch, source, movedTo, n, reason));
  }

  /** A batch ended ('met', 'late', 'cancelled', 'abandoned') or was (re)admitted ('admitted'). */
  public synchronized void batchState(long batch, String state, Instant at) {
    batchStates.add(new BatchState(batch, state, at));
  }

  /** A batch carried into another run (after a restart) under a new task number. */
  public synchronized void batchRun(long batch, String run, int task) {
    batchRuns.add(new BatchRun(batch, run, task));
  }

  public synchronized void event(String run, int seq, RunEvent e) {
    events.add(new Event(run, seq, e));
  }

  public synchronized void sample(String run, int seq, CageStore.SampleRow s) {
    samples.add(new Sample(run, seq, s));
  }

  public synchronized void runEnded(String run, String state, Instant at, String recordJson) {
    runEnds.add(new RunEnd(run, state, at, recordJson));
  }

  public synchronized void cursor(String run, int eventSeq, int sampleSeq, Instant at) {
    cursors.add(new Cursor(run, eventSeq, sampleSeq, at));
  }

  public synchronized boolean isEmpty() {
    return runStarts.isEmpty() && batchRuns.isEmpty() && done.isEmpty() && strikes.isEmpty() && cancelled.isEmpty() && dead.isEmpty()
        && batchStates.isEmpty() && events.isEmpty() && samples.isEmpty() && runEnds.isEmpty() && cursors.isEmpty();
  }

  public synchronized int size() {
    return runStarts.size() + batchRuns.size() + done.size() + strikes.size() + cancelled.size() + dead.size() + batchStates.size()
        + events.size() + samples.size() + runEnds.size() + cursors.size();
  }

  /** Puts {@code older} (a checkpoint that failed) in front of what this one holds. */
  public synchronized void prepend(Checkpoint older) {
    synchronized (older) {
      runStarts.addAll(0, older.runStarts);
      batchRuns.addAll(0, older.batchRuns);
      done.addAll(0, older.done);
      strikes.addAll(0, older.strikes);
      cancelled.addAll(0, older.cancelled);
      dead.addAll(0, older.dead);
      batchStates.addAll(0, older.batchStates);
      events.addAll(0, older.events);
      samples.addAll(0, older.samples);
      runEnds.addAll(0, older.runEnds);
      cursors.addAll(0, older.cursors);
    }
  }

  synchronized void writeTo(Connection c) throws SQLException {
    if (!runStarts.isEmpty()) {
      try (PreparedStatement s = c.prepareStatement("insert into runs (id, kind, policy, scenario, seed, admission,"
          + " duration_s, state, started_at) values (?, ?, ?, ?, ?, ?, ?, 'running', ?) on conflict (id) do nothing")) {
        for (CageStore.RunRow r : runStarts) {
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
          s.addBatch();
        }
        s.executeBatch();
      }
    }
    if (!batchRuns.isEmpty()) {
      try (PreparedStatement s = c.prepareStatement("update batches set run_id = ?, task = ? where id = ?")) {
        for (BatchRun b : batchRuns) {
          s.setString(1, b.run());
          s.setInt(2, b.task());
          s.setLong(3, b.batch());
          s.addBatch();
        }
        s.executeBatch();
      }
    }
    if (!done.isEmpty()) {
      try (PreparedStatement s = c.prepareStatement(
          "update images set state = 'done', done_at = ? where id = ? and state <> 'done'")) {
        for (ImageDone d : done) {
          s.setTimestamp(1, Timestamp.from(d.at()));
          s.setLong(2, d.image());
          s.addBatch();
        }
        s.executeBatch();
      }
    }
    if (!strikes.isEmpty()) {
      try (PreparedStatement s = c.prepareStatement("update images set strikes = ? where id = ?")) {
        for (Strikes st : strikes) {
          s.setInt(1, st.strikes());
          s.setLong(2, st.image());
          s.addBatch();
        }
        s.executeBatch();
      }
    }
    if (!cancelled.isEmpty()) {
      try (PreparedStatement s = c.prepareStatement("update images set state = 'cancelled' where id = ? and state = 'queued'")) {
        for (long id : cancelled) {
          s.setLong(1, id);
          s.addBatch();
        }
        s.executeBatch();
      }
    }
    if (!dead.isEmpty()) {
      try (PreparedStatement u = c.prepareStatement("update images set state = 'dead', strikes = ? where id = ?");
          PreparedStatement i = c.prepareStatement(
              "insert into dead_letters (image_id, batch_id, source, moved_to, strikes, reason) values (?, ?, ?, ?, ?, ?)"
                  + " on conflict (image_id) do nothing")) {
        for (Dead d : dead) {
          u.setInt(1, d.strikes());
          u.setLong(2, d.image());
          u.addBatch();
          i.setLong(1, d.image());
          i.setLong(2, d.batch());
          i.setString(3, d.source());
          i.setString(4, d.movedTo());
          i.setInt(5, d.strikes());
          i.setString(6, d.reason());
          i.addBatch();
        }
        u.executeBatch();
        i.executeBatch();
      }
    }
    if (!batchStates.isEmpty()) {
      try (PreparedStatement s = c.prepareStatement(
          "update batches set state = ?, finished_at = coalesce(?, finished_at) where id = ?")) {
        for (BatchState b : batchStates) {
          s.setString(1, b.state());
          if (b.at() == null) {
            s.setNull(2, Types.TIMESTAMP_WITH_TIMEZONE);
          } else {
            s.setTimestamp(2, Timestamp.from(b.at()));
          }
          s.setLong(3, b.batch());
          s.addBatch();
        }
        s.executeBatch();
      }
    }
    if (!events.isEmpty()) {
      try (PreparedStatement s = c.prepareStatement(
          "insert into run_events (run_id, seq, t, type, worker, task, image, value, note) values (?, ?, ?, ?, ?, ?, ?, ?, ?)"
              + " on conflict (run_id, seq) do nothing")) {
        for (Event ev : events) {
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
          s.addBatch();
        }
        s.executeBatch();
      }
    }
    if (!samples.isEmpty()) {
      try (PreparedStatement s = c.prepareStatement(
          "insert into run_samples (run_id, seq, t, workers, busy, queue, memory_mb) values (?, ?, ?, ?, ?, ?, ?)"
              + " on conflict (run_id, seq) do nothing")) {
        for (Sample sm : samples) {
          s.setString(1, sm.run());
          s.setInt(2, sm.seq());
          s.setDouble(3, sm.s().t());
          s.setInt(4, sm.s().workers());
          s.setInt(5, sm.s().busy());
          s.setInt(6, sm.s().queue());
          s.setDouble(7, sm.s().memoryMb());
          s.addBatch();
        }
        s.executeBatch();
      }
    }
    if (!cursors.isEmpty()) {
      try (PreparedStatement s = c.prepareStatement(
          "insert into checkpoints (run_id, event_seq, sample_seq, at) values (?, ?, ?, ?)"
              + " on conflict (run_id) do update set event_seq = excluded.event_seq, sample_seq = excluded.sample_seq,"
              + " at = excluded.at")) {
        for (Cursor cu : cursors) {
          s.setString(1, cu.run());
          s.setInt(2, cu.eventSeq());
          s.setInt(3, cu.sampleSeq());
          s.setTimestamp(4, Timestamp.from(cu.at()));
          s.addBatch();
        }
        s.executeBatch();
      }
    }
    if (!runEnds.isEmpty()) {
      try (PreparedStatement s = c.prepareStatement(
          "update runs set state = ?, ended_at = ?, record = coalesce(?::jsonb, record) where id = ?")) {
        for (RunEnd r : runEnds) {
          s.setString(1, r.state());
          s.setTimestamp(2, Timestamp.from(r.at()));
          s.setString(3, r.recordJson());
          s.setString(4, r.run());
          s.addBatch();
        }
        s.executeBatch();
      }
    }
  }
}
