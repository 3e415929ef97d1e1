package helperlab.cage.store;

import helperlab.model.RunEvent;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The cage's durable state in PostgreSQL: batches and their images (states, strikes), dead letters,
 * runs with their events, samples and records, and the supervisor's cursors. Its connections (and the
 * schema's migration) are in {@link StoreConnections}, its fenced writes in {@link FencedWriter}. Writes
 * that must be durable before a client hears "accepted" are synchronous; the supervisor's state changes
 * go through {@link Checkpoint}s.
 */
public final class CageStore implements AutoCloseable {
  private final StoreConnections connections;
  private final CageLease lease;
  private final FencedWriter writer;

  private CageStore(StoreConnections connections, CageLease lease) {
    this.connections = connections;
    this.lease = lease;
    this.writer = new FencedWriter(connections, lease);
  }

  private Connection connection() throws SQLException {
    return connections.get();
  }

  /**
   * The process ids of the PostgreSQL backends this store has used lately (on the database's host, which may
   * be this one): where they run here, their CPU is the cage's own.
   */
  public List<Long> backendPids() {
    return connections.backendPids();
  }

  /** Connects (creating the database if it does not exist) and migrates the schema; owns no cage's rows. */
  public static CageStore open(String jdbcUrl) throws SQLException {
    return open(jdbcUrl, "");
  }

  /**
   * Connects, migrates and takes the lease of cage {@code cageId} on this database: every run and batch
   * this store writes carries the id, and {@link #ownRuns}/{@link #ownBatches} see only those.
   *
   * @throws IllegalStateException (a {@code CageLease.Taken}) if a live cage holds the same identity on this database
   */
  public static CageStore open(String jdbcUrl, String cageId) throws SQLException {
    StoreConnections connections = StoreConnections.open(jdbcUrl, cageId);
    try {
      return new CageStore(connections, cageId.isEmpty() ? null : CageLease.take(jdbcUrl, cageId));
    } catch (SQLException | RuntimeException e) {
      connections.close();
      throw e;
    }
  }

  /** Runs of this cage in {@code state}. */
  public List<RunRow> ownRuns(String state) throws SQLException {
    List<RunRow> out = new ArrayList<>();
    java.util.Set<String> own;
    try (Connection c = connection()) {
      own = RunRows.ownIds(c, state);
    }
    for (RunRow r : runs(state)) {
      if (own.contains(r.id())) {
        out.add(r);
      }
    }
    return out;
  }

  /** Batches of this cage in {@code state}. */
  public List<StoredBatch> ownBatches(BatchState state) throws SQLException {
    return batchesWhere("b.cage_id = current_setting('helperlab.cage_id') and b.state = ?", state.wire());
  }

  /** Drops the database the URL names (through the server's {@code postgres} database), if it exists. */
  public static void dropDatabase(String jdbcUrl) throws SQLException {
    PgDatabases.drop(jdbcUrl);
  }

  /** The URL without a password, for messages. */
  public static String redact(String url) {
    return url.replaceAll("(?i)(password=)[^&]*", "$1***");
  }

  public String url() {
    return redact(connections.url());
  }

  /** Whether the database answers now. */
  public boolean ping() {
    return connections.ping();
  }

  /**
   * Whether the database answers now, asked on a connection of its own (not the pool's, which may still be waiting
   * out its own retry after an outage), each step bounded to two seconds.
   */
  public boolean answersNow() {
    return connections.answersNow();
  }

  // ---- runs -----------------------------------------------------------------------------------

  public void createRun(RunRow r) throws SQLException {
    write(c -> Writes.RUN_STARTED.run(c, r));
  }

  /** Ends a run now (used at start-up for runs cut short by a crash; a live supervisor ends runs by checkpoint). */
  public void endRun(String id, String state, Instant at, String recordJson) throws SQLException {
    write(c -> Writes.RUN_ENDED.run(c, new Writes.RunEnd(id, state, at, recordJson)));
  }

  /**
   * A run as listed: what it ran and when; an exhibit also the offered load it played and its trigger (the
   * simulator's trigger JSON), null for a live run or none.
   */
  public record RunRow(String id, String kind, String policy, String scenario, long seed, String admission,
      Double durationS, String state, Instant startedAt, Instant endedAt, Double offeredLoad, String triggerJson) {}

  public List<RunRow> runs(String state) throws SQLException {
    try (Connection c = connection()) {
      return RunRows.runs(c, state);
    }
  }

  /** The record of a finished run as JSON, or null if it has none (yet). */
  public String runRecord(String id) throws SQLException {
    try (Connection c = connection()) {
      return RunRows.record(c, id);
    }
  }

  public boolean runExists(String id) throws SQLException {
    try (Connection c = connection()) {
      return RunRows.exists(c, id);
    }
  }

  /** One entry of a run's journal: an event or a sample, in the order they happened. */
  public record JournalEntry(int seq, RunEvent event, SampleRow sample) {}

  /** A stored sample row: time and levels (running totals are rebuilt from the events). */
  public record SampleRow(double t, int workers, int busy, int queue, double memoryMb) {}

  /** Every event and sample stored for a run, merged in sequence order. */
  public List<JournalEntry> runJournal(String runId) throws SQLException {
    try (Connection c = connection()) {
      return RunRows.journal(c, runId);
    }
  }

  /** The highest event sequence number stored for a run (0 if none). */
  public int lastEventSeq(String runId) throws SQLException {
    try (Connection c = connection()) {
      return RunRows.lastEventSeq(c, runId);
    }
  }

  // ---- batches --------------------------------------------------------------------------------

  /**
   * Stores a batch that passed the door as 'pending', with its images and their output paths; this
   * happens before the supervisor decides, so nothing it admits exists only in memory.
   */
  public StoredBatch insertPending(ValidBatch b, Path outbox) throws SQLException {
    try (Connection c = connection()) {
      c.setAutoCommit(false);
      writer.fence(c);
      return BatchRows.insertPending(c, b, outbox);
    }
  }

  /** The supervisor's answer to a pending batch, made durable before the client hears it. */
  public void recordDecision(long batchId, String runId, int task, boolean admitted, String reason, double retryAfterS)
      throws SQLException {
    write(c -> Writes.DECISION.run(c, new Writes.Decision(batchId, runId, task,
        admitted ? BatchState.ADMITTED : BatchState.REFUSED, reason, admitted ? null : retryAfterS)));
  }

  /** Sets a batch's state (and its still-queued images' to 'cancelled' when it is cancelled or abandoned). */
  public void setBatchState(long id, BatchState state) throws SQLException {
    write(c -> {
      Writes.BATCH_STATE.run(c, new Writes.StateChange(id, state, Instant.now()));
      if (state.dropsQueuedImages()) {
        Writes.QUEUED_IMAGES_OF_BATCH_CANCELLED.run(c, id);
      }
    });
  }

  /** Marks images done now (their outputs were found published at start-up). */
  public void markDone(List<Long> imageIds) throws SQLException {
    Instant now = Instant.now();
    write(c -> Writes.IMAGE_DONE.run(c, imageIds.stream().map(id -> new Writes.ImageDone(id, now)).toList()));
  }

  /**
   * Images found published at start-up that the dead supervisor never checkpointed as done: each marked done and given
   * its {@code image_done} event in run {@code runId} (as task {@code task}, after the run's last entry, with
   * {@code note}), in one transaction, so the record says what the outbox holds, once: a take-back cut short and run
   * again finds them done and adds nothing. Returns how many were marked.
   */
  public int recoverPublished(String runId, int task, List<Long> imageIds, String note) throws SQLException {
    if (imageIds.isEmpty()) {
      return 0;
    }
    int[] marked = new int[1];
    write(c -> marked[0] = RunRows.recoverPublished(c, runId, task, imageIds, note));
    return marked[0];
  }

  /** Records an image as dead-lettered (found filed at start-up, its row never written). */
  public void markDead(long imageId, long batchId, String source, String movedTo, int strikes) throws SQLException {
    Writes.Dead d = new Writes.Dead(imageId, batchId, source, movedTo, strikes, "found filed after a restart");
    write(c -> {
      Writes.IMAGE_DEAD.run(c, d);
      Writes.DEAD_LETTER.run(c, d);
    });
  }

  /** A write in one transaction of its own, fenced by the lease (see {@link FencedWriter}). */
  private void write(FencedWriter.Work work) throws SQLException {
    writer.write(work);
  }

  /** This cage's hold on its identity ({@link LeaseStatus#none()} for a store that holds none). */
  public LeaseStatus lease() {
    return lease == null ? LeaseStatus.none() : lease.status();
  }

  /** Told of every change of the hold on the identity (on the lease's thread, or a writer's). */
  public void watchLease(java.util.function.Consumer<LeaseStatus> watcher) {
    if (lease != null) {
      lease.watch(watcher);
    }
  }

  /** Batches in a state, with their images and the kind of run they belong to. */
  public List<StoredBatch> batches(BatchState state) throws SQLException {
    return batchesWhere("b.state = ?", state.wire());
  }

  /** The batches a run took in, with their images. */
  public List<StoredBatch> batchesOfRun(String runId) throws SQLException {
    return batchesWhere("b.run_id = ?", runId);
  }

  private List<StoredBatch> batchesWhere(String where, Object arg) throws SQLException {
    try (Connection c = connection()) {
      return BatchRows.where(c, where, arg);
    }
  }

  /** The identity of the cage that owns batch {@code id} ('' for one from before cages had identities), or null. */
  public String batchOwner(long id) throws SQLException {
    try (Connection c = connection()) {
      return BatchRows.owner(c, id);
    }
  }

  /** One batch with its images, or null. */
  public StoredBatch batch(long id) throws SQLException {
    List<StoredBatch> one = batchesWhere("b.id = ?", id);
    return one.isEmpty() ? null : one.get(0);
  }

  // ---- checkpoints ----------------------------------------------------------------------------

  /** Writes one checkpoint in one transaction; on failure nothing of it is written. */
  public void apply(Checkpoint cp) throws SQLException {
    if (cp.isEmpty()) {
      return;
    }
    write(cp::writeTo);
  }

  @Override
  public void close() {
    connections.close();
    if (lease != null) {
      lease.close();
    }
  }
}
