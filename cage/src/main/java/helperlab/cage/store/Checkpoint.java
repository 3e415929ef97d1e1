package helperlab.cage.store;

import helperlab.cage.store.Writes.BatchRun;
import helperlab.cage.store.Writes.StateChange;
import helperlab.cage.store.Writes.Cursor;
import helperlab.cage.store.Writes.Dead;
import helperlab.cage.store.Writes.Event;
import helperlab.cage.store.Writes.ImageDone;
import helperlab.cage.store.Writes.RunEnd;
import helperlab.cage.store.Writes.Sample;
import helperlab.cage.store.Writes.Strikes;
import helperlab.model.RunEvent;
import java.sql.Connection;
import java.sql.SQLException;
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
  private final List<CageStore.RunRow> runStarts = new ArrayList<>();

  private final List<BatchRun> batchRuns = new ArrayList<>();
  private final List<ImageDone> done = new ArrayList<>();
  private final List<Strikes> strikes = new ArrayList<>();
  private final List<Long> cancelled = new ArrayList<>();
  private final List<Dead> dead = new ArrayList<>();
  private final List<Writes.Filed> filed = new ArrayList<>();
  private final List<StateChange> batchStates = new ArrayList<>();
  private final List<Event> events = new ArrayList<>();
  private final List<Sample> samples = new ArrayList<>();
  private final List<RunEnd> runEnds = new ArrayList<>();
  private final List<Cursor> cursors = new ArrayList<>();
  /** Set once the database has it (see {@link Checkpointer}). */
  private volatile boolean written;

  /** Whether the database has this checkpoint: what it holds is stored, not only in the supervisor's memory. */
  public boolean written() {
    return written;
  }

  void markWritten() {
    written = true;
  }

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

  /** A dead letter the host refused at first, filed since: where it went. */
  public synchronized void deadLetterFiled(long image, String movedTo) {
    filed.add(new Writes.Filed(image, movedTo));
  }

  /** A batch ended (met, late, inputs gone, cancelled, abandoned) or was decided (admitted, refused). */
  public synchronized void batchState(long batch, BatchState state, Instant at) {
    batchStates.add(new StateChange(batch, state, at));
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
        && filed.isEmpty()
        && batchStates.isEmpty() && events.isEmpty() && samples.isEmpty() && runEnds.isEmpty() && cursors.isEmpty();
  }

  public synchronized int size() {
    return runStarts.size() + batchRuns.size() + done.size() + strikes.size() + cancelled.size() + dead.size() + filed.size()
        + batchStates.size()
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
      filed.addAll(0, older.filed);
      batchStates.addAll(0, older.batchStates);
      events.addAll(0, older.events);
      samples.addAll(0, older.samples);
      runEnds.addAll(0, older.runEnds);
      cursors.addAll(0, older.cursors);
    }
  }

  synchronized void writeTo(Connection c) throws SQLException {
    Writes.RUN_STARTED.run(c, runStarts); // a run's row before its events
    Writes.BATCH_RUN.run(c, batchRuns);
    Writes.IMAGE_DONE.run(c, done);
    Writes.STRIKES.run(c, strikes);
    Writes.IMAGE_CANCELLED.run(c, cancelled);
    Writes.IMAGE_DEAD.run(c, dead);
    Writes.DEAD_LETTER.run(c, dead);
    Writes.DEAD_LETTER_FILED.run(c, filed);
    Writes.BATCH_STATE.run(c, batchStates);
    Writes.EVENT.run(c, events);
    Writes.SAMPLE.run(c, samples);
    Writes.CURSOR.run(c, cursors);
    Writes.RUN_ENDED.run(c, runEnds);
  }
}
