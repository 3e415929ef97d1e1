package helperlab.cage.supervisor;

import helperlab.cage.config.CageConfig;
import helperlab.cage.events.EventStream;
import helperlab.cage.run.Exhibit;
import helperlab.cage.run.RunJournal;
import helperlab.cage.store.BatchState;
import helperlab.cage.store.CageStore;
import helperlab.cage.store.StoredBatch;
import helperlab.cage.worker.WorkerPool;
import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.model.EventLog;
import helperlab.model.ImageSpec;
import helperlab.model.MachineSpec;
import helperlab.model.MetricsAccumulator;
import helperlab.model.PresetCatalog;
import helperlab.model.RunRecord;
import helperlab.model.SampleRecorder;
import helperlab.model.Task;
import helperlab.protocol.Wire;
import helperlab.protocol.events.EndLine;
import helperlab.protocol.events.SampleLine;
import helperlab.workload.RunTriggers;
import helperlab.workload.ScenarioSpec;
import helperlab.workload.Trigger;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a supervisor does before it serves, after one before it died (or was stopped): clear the
 * workers and half-written files it left, close its runs (rebuilding the record of a run cut short
 * from the events and samples it had checkpointed), let go of batches nobody was promised, and find
 * the admitted work to take back. Only this cage's own (its identity's) runs and batches: another cage
 * on the same database is left alone. An image whose output is already in the outbox was published
 * (outputs appear only by rename) and is marked done, never made again.
 */
final class StartupTakeBack {
  private static final Logger LOG = LoggerFactory.getLogger(StartupTakeBack.class);

  /** What was found. */
  record Result(List<StoredBatch> resume, int leftoverWorkers, int tempFiles, List<String> interruptedRuns,
      int abandoned, int cancelled, int foundPublished) {}

  private final CageStore store;
  private final CageConfig config;
  private final Calibration calibration;
  private final MachineSpec machine;

  private final EventStream stream;

  StartupTakeBack(CageStore store, EventStream stream, CageConfig config, Calibration calibration, MachineSpec machine) {
    this.store = store;
    this.stream = stream;
    this.config = config;
    this.calibration = calibration;
    this.machine = machine;
  }

  Result run() throws SQLException, IOException {
    int leftovers = WorkerPool.killLeftovers(config.runDir());
    int temps = removeTempFiles(config.outbox());
    int recorded = recordPublished();
    Runnable hook = midway;
    if (hook != null) {
      hook.run();
    }
    List<String> interrupted = new ArrayList<>();
    for (CageStore.RunRow r : store.ownRuns("running")) {
      String json = null;
      try {
        List<String[]> entries = new ArrayList<>();
        RunRecord record = rebuild(r, entries);
        json = DataFile.compact(record);
        writeRecordFile(r.id(), record);
        String end = Wire.line(new EndLine(r.id(), true, DataFile.JSON.valueToTree(record.metrics())));
        if (stream.closeInterrupted(r.id(), r.startedAt().toEpochMilli(), entries, end) < 0) {
          LOG.warn("cage: Redis is away; the stream of interrupted run " + r.id() + " stays open");
        }
      } catch (RuntimeException e) {
        LOG.warn("cage: the record of interrupted run " + r.id() + " could not be rebuilt: " + e.getMessage());
      }
      store.endRun(r.id(), "interrupted", Instant.now(), json);
      interrupted.add(r.id());
    }
    int abandoned = 0;
    for (StoredBatch b : store.ownBatches(BatchState.PENDING)) {
      store.setBatchState(b.id(), BatchState.ABANDONED); // the client never heard "accepted"
      abandoned++;
    }
    int cancelled = 0;
    List<StoredBatch> resume = new ArrayList<>();
    for (StoredBatch b : store.ownBatches(BatchState.ADMITTED)) {
      if ("exhibit".equals(b.runKind())) {
        store.setBatchState(b.id(), BatchState.CANCELLED); // an exhibit is over when its supervisor dies
        cancelled++;
        continue;
      }
      List<StoredBatch.StoredImage> images = new ArrayList<>();
      for (StoredBatch.StoredImage im : b.images()) {
        Path filed = config.deadLetters().resolve(im.id() + "_" + Path.of(im.source()).getFileName());
        if (im.state().equals("queued") && !Files.exists(Path.of(im.source())) && Files.exists(filed)) {
          // Dead-lettered just before the crash (its file moved, its row not yet written): it stays dead.
          store.markDead(im.id(), b.id(), im.source(), filed.toString(), helperlab.policy.SchedulerConfig.DEFAULT_MAX_STRIKES);
          images.add(new StoredBatch.StoredImage(im.id(), im.idx(), im.source(), im.output(), im.width(), im.height(),
              im.predictedS(), "dead", helperlab.policy.SchedulerConfig.DEFAULT_MAX_STRIKES));
        } else if (im.state().equals("queued") && Files.exists(Path.of(im.output()))) {
          // published after the last checkpoint (an output appears only whole): marked done by recordPublished
          images.add(new StoredBatch.StoredImage(im.id(), im.idx(), im.source(), im.output(), im.width(), im.height(),
              im.predictedS(), "done", im.strikes()));
        } else {
          images.add(im);
        }
      }
      resume.add(new StoredBatch(b.id(), b.runId(), b.runKind(), b.task(), b.origin(), b.preset(), b.longEdge(), b.state(),
          b.arrivedAt(), b.deadlineAt(), images));
    }
    return new Result(resume, leftovers, temps, interrupted, abandoned, cancelled, recorded);
  }

  /**
   * For tests: run midway through the take-back (published outputs recorded, runs not yet closed nor batches taken
   * back), so a test can fail a dependency at that point. Null in the product.
   */
  static volatile Runnable midway;

  /** The note of an {@code image_done} recovered at take-back: the output was there, its done was never written. */
  static final String FOUND_PUBLISHED = "found published after a restart";

  /**
   * Images of this cage's admitted live batches whose output is in the outbox though the store has them queued: the
   * dead supervisor published them after its last checkpoint. Each is marked done with its {@code image_done} event in
   * the run that made it (the batch's run, before that run's record is rebuilt), so the records count what the outbox
   * holds exactly once. Returns how many.
   */
  private int recordPublished() throws SQLException {
    int n = 0;
    for (StoredBatch b : store.ownBatches(BatchState.ADMITTED)) {
      if ("exhibit".equals(b.runKind())) {
        continue;
      }
      List<Long> found = new ArrayList<>();
      for (StoredBatch.StoredImage im : b.images()) {
        if (im.state().equals("queued") && Files.exists(Path.of(im.output()))) {
          found.add(im.id());
        }
      }
      n += store.recoverPublished(b.runId(), b.task(), found, FOUND_PUBLISHED);
    }
    return n;
  }

  /** Half-written outputs (".name.tmp-PID") of workers that were stopped mid-image. */
  static int removeTempFiles(Path outbox) throws IOException {
    if (!Files.isDirectory(outbox)) {
      return 0;
    }
    int n = 0;
    try (Stream<Path> files = Files.walk(outbox)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        String name = p.getFileName().toString();
        if (name.startsWith(".") && name.contains(".tmp-")) {
          Files.deleteIfExists(p);
          n++;
        }
      }
    }
    return n;
  }

  /**
   * The record of a run cut short, from what it had checkpointed: its events and samples, in order;
   * {@code streamEntries} gets them as the live stream carries them.
   */
  RunRecord rebuild(CageStore.RunRow r, List<String[]> streamEntries) throws RuntimeException {
    try {
      MetricsAccumulator metrics = new MetricsAccumulator();
      EventLog events = new EventLog();
      SampleRecorder samples = new SampleRecorder();
      double end = 0;
      for (CageStore.JournalEntry e : store.runJournal(r.id())) {
        if (streamEntries.size() + 1 != e.seq()) {
          break; // a hole (a checkpoint lost with the crash): the record stops where the journal is whole
        }
        if (e.event() != null) {
          e.event().replayInto(metrics);
          e.event().replayInto(events);
          end = Math.max(end, e.event().t());
          streamEntries.add(new String[] {e.event().type().wire(), RunJournal.json(e.event())});
        } else {
          CageStore.SampleRow s = e.sample();
          metrics.memory(s.t(), s.memoryMb());
          samples.add(s.t(), s.workers(), s.busy(), s.queue(), s.memoryMb(), metrics);
          end = Math.max(end, s.t());
          streamEntries.add(new String[] {SampleLine.TYPE,
              RunJournal.sampleJson(s.t(), s.workers(), s.busy(), s.queue(), s.memoryMb(), metrics)});
        }
      }
      Trigger trigger = storedTrigger(r);
      List<Task> tasks = r.kind().equals("exhibit") ? exhibitTasks(r, trigger) : liveTasks(r);
      double duration = r.durationS() != null ? r.durationS() : end;
      return RunRecord.builder().id(r.id()).kind(RunRecord.KIND_REAL).policy(r.policy()).scenario(r.scenario())
          .machine(machine).seed(r.seed()).admission(r.admission()).calibration(calibration).durationS(duration)
          .tasks(tasks).events(events.events()).samples(samples.samples()).metrics(metrics.metrics())
          .createdAt(r.startedAt().toString()).host("interrupted").offeredLoad(r.offeredLoad())
          .trigger(trigger == null ? null : RunTriggers.json(trigger)).build();
    } catch (SQLException e) {
      throw new IllegalStateException(e.getMessage(), e);
    }
  }

  /**
   * An exhibit's arrivals generated again as it played them: at its offered load, with its trigger's batches (a row
   * stored before runs kept them: the scenario's own load, no trigger).
   */
  private List<Task> exhibitTasks(CageStore.RunRow r, Trigger trigger) {
    ScenarioSpec s = ScenarioSpec.builtIn(r.scenario());
    return Exhibit.arrivals(r.offeredLoad() == null ? s : s.withLoad(r.offeredLoad()),
        r.durationS() == null ? 60 : r.durationS(), trigger, r.seed(), machine, calibration, PresetCatalog.defaults());
  }

  private static Trigger storedTrigger(CageStore.RunRow r) {
    if (r.triggerJson() == null) {
      return null;
    }
    try {
      return DataFile.JSON.readValue(r.triggerJson(), Trigger.class);
    } catch (IOException e) {
      throw new IllegalStateException("run " + r.id() + "'s stored trigger cannot be read: " + e.getMessage(), e);
    }
  }

  private List<Task> liveTasks(CageStore.RunRow r) throws SQLException {
    List<Task> out = new ArrayList<>();
    List<StoredBatch> batches = new ArrayList<>(store.batchesOfRun(r.id()));
    batches.removeIf(b -> b.images().isEmpty() || b.task() < 0);
    for (StoredBatch b : batches) {
      double arrival = Math.max(0, (b.arrivedAt().toEpochMilli() - r.startedAt().toEpochMilli()) / 1000.0);
      double deadline = Math.max(arrival + 1e-3, (b.deadlineAt().toEpochMilli() - r.startedAt().toEpochMilli()) / 1000.0);
      List<ImageSpec> images = b.images().stream().map(im -> new ImageSpec(im.width(), im.height())).toList();
      out.add(new Task(b.task(), arrival, b.preset(), deadline, images));
    }
    return out;
  }

  void writeRecordFile(String id, RunRecord record) {
    try {
      DataFile.write(config.runsDir().resolve(id + ".json"), record);
    } catch (IOException e) {
      LOG.warn("cage: cannot write the record file of " + id + ": " + e.getMessage());
    }
  }
}
