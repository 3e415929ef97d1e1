package helperlab.cage.run;

import helperlab.cage.config.CageConfig;
import helperlab.cage.events.EventStream;
import helperlab.cage.store.CageStore;
import helperlab.cage.store.Checkpoint;
import helperlab.model.DataFile;
import helperlab.model.RunId;
import helperlab.model.RunRecord;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicySpec;
import helperlab.protocol.Wire;
import helperlab.protocol.events.EndLine;
import helperlab.workload.RecoveryMeter;
import helperlab.workload.RunTriggers;
import helperlab.workload.Tipping;
import helperlab.workload.Trigger;
import java.io.IOException;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** A run's opening and closing as the outside sees them: its id, its row, its stream, its record file. */
public final class RunLifecycle {
  private static final Logger LOG = LoggerFactory.getLogger(RunLifecycle.class);

  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss").withZone(ZoneOffset.UTC);

  private final CageConfig config;
  private final CageStore store;
  private final EventStream stream;

  public RunLifecycle(CageConfig config, CageStore store, EventStream stream) {
    this.config = config;
    this.store = store;
    this.stream = stream;
  }

  /**
   * A new run with its row stored and its stream started. With {@code sync} false a PostgreSQL away is no
   * failure: the row goes with the next checkpoint.
   */
  public CageRun open(RunContext ctx, String kind, PolicySpec policy, Exhibit exhibit, boolean sync, Checkpoint checkpoint)
      throws SQLException {
    Instant startedAt = ctx.clock().instant();
    String stamp = STAMP.format(startedAt) + "-" + HexFormat.of().toHexDigits((short) ThreadLocalRandom.current().nextInt());
    String admission = config.scheduling().admission();
    String id = exhibit == null ? "real-live-" + policy.id() + "-" + stamp
        : RunId.of(RunRecord.KIND_REAL, exhibit.scenario, policy.id(), ctx.machine().name(), exhibit.seed,
            admission) + "-" + stamp;
    CageRun next = new CageRun(ctx, id, kind, policy, AdmissionMode.of(admission), exhibit, startedAt);
    CageStore.RunRow row = new CageStore.RunRow(id, kind, policy.id(), next.scenario, next.seed, admission,
        exhibit == null ? null : exhibit.durationS, null, next.startedAt, null,
        exhibit == null ? null : exhibit.offeredLoad,
        exhibit == null || exhibit.trigger == null ? null : RunTriggers.json(exhibit.trigger).toString());
    if (sync) {
      store.createRun(row);
    } else {
      try {
        store.createRun(row);
      } catch (SQLException e) {
        checkpoint.runStarted(row); // PostgreSQL is away: the row goes with the next checkpoint, before the events
      }
    }
    stream.startRun(id, next.startedAt.toEpochMilli());
    return next;
  }

  /** Ends {@code run}: its workers stop, its record is written (file; PostgreSQL with the checkpoint) and its stream closed. */
  public RunRecord close(CageRun run, Double probeMs, Checkpoint checkpoint) {
    run.stop();
    RunRecord record = recordOf(run, probeMs);
    writeRecordFile(record, run.context().storage());
    checkpoint.runEnded(run.id, "finished", run.context().clock().instant(), DataFile.compact(record));
    run.endStream(Wire.line(new EndLine(run.id, null, DataFile.JSON.valueToTree(record.metrics()))));
    return record;
  }

  /** The record's file in the runs directory; one the host refuses (a full disk) is written when the storage is back. */
  private void writeRecordFile(RunRecord record, StorageGuard storage) {
    java.nio.file.Path file = config.runsDir().resolve(record.id() + ".json");
    try {
      DataFile.write(file, record);
    } catch (IOException e) {
      LOG.warn("cage: cannot write " + record.id() + ".json: " + e.getMessage());
      helperlab.cage.worker.HostFault host = helperlab.cage.worker.HostFault.of(e, file, true);
      if (host != null) {
        storage.fault(host, "the record of run " + record.id());
        storage.whenBack(() -> writeRecordFile(record, storage));
      }
    }
  }

  /** The run's record, in the same format the simulator writes. */
  static RunRecord recordOf(CageRun run, Double speedProbeMs) {
    CageRun.Story story = run.story();
    RunContext ctx = run.context();
    Exhibit exhibit = run.exhibit();
    double duration = exhibit != null ? exhibit.durationS : story.endS();
    String host;
    try {
      host = java.net.InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      host = "unknown";
    }
    RunRecord record = RunRecord.builder().id(run.id).kind(RunRecord.KIND_REAL).policy(run.policyAtStart)
        .scenario(run.scenario).machine(ctx.machine()).seed(run.seed).admission(run.admission.id())
        .calibration(ctx.calibration()).speedProbeMs(speedProbeMs).durationS(duration).tasks(story.tasks())
        .events(story.events()).samples(story.samples()).metrics(story.metrics())
        .createdAt(run.startedAt.toString()).host(host).stopS(exhibit != null ? exhibit.stopS : null)
        .interference(run.cpuShare.json()).offeredLoad(exhibit != null ? exhibit.offeredLoad : null)
        .processor(helperlab.model.Processor.here()).build();
    RecoveryMeter recovery = story.recovery();
    if (recovery == null) {
      return record;
    }
    // judged up to the end of the exhibit's arrivals, as the simulator's studies judge theirs; a run already down
    // before its trigger has no recovery
    Trigger trigger = exhibit.trigger;
    helperlab.workload.TippingCourse course = Tipping.course(recovery,
        Tipping.Capacity.of(ctx.machine(), ctx.calibration(), story.tasks(), 1.0, trigger), duration);
    return record.withTrigger(RunTriggers.json(trigger),
            RunTriggers.json(recovery.recovery(trigger, duration, course)))
        .withTipping(RunTriggers.json(course.summary()));
  }
}
