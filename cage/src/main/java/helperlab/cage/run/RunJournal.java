package helperlab.cage.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import helperlab.cage.events.EventStream;
import helperlab.cage.store.CageStore;
import helperlab.cage.store.Checkpoint;
import helperlab.model.DataFile;
import helperlab.model.EventSink;
import helperlab.model.EventType;
import helperlab.model.MetricsAccumulator;
import helperlab.model.RunEvent;
import java.util.function.Supplier;

/**
 * Numbers a run's events and samples in one sequence and sends each to the live stream (Redis,
 * entry id {@code <seq>-0}) and to the next checkpoint (PostgreSQL), so the stream and its durable
 * copy agree entry for entry.
 */
public final class RunJournal implements EventSink {
  private final String run;
  private final EventStream stream;
  private final Supplier<Checkpoint> checkpoint;
  private int seq;
  private int lastEventSeq;
  private int lastSampleSeq;

  RunJournal(String run, EventStream stream, Supplier<Checkpoint> checkpoint) {
    this.run = run;
    this.stream = stream;
    this.checkpoint = checkpoint;
  }

  @Override
  public void on(double t, EventType type, int worker, int task, int image, double value, String note) {
    RunEvent e = new RunEvent(t, type, worker, task, image, value, note);
    seq++;
    lastEventSeq = seq;
    stream.append(run, seq, type.wire(), json(e));
    checkpoint.get().event(run, seq, e);
  }

  @Override
  public void sample(double t, int workers, int busy, int queue, double memoryMb, MetricsAccumulator totals) {
    seq++;
    lastSampleSeq = seq;
    stream.append(run, seq, "sample", sampleJson(t, workers, busy, queue, memoryMb, totals));
    checkpoint.get().sample(run, seq, new CageStore.SampleRow(t, workers, busy, queue, memoryMb));
  }

  /** A sample as the stream carries it: levels, and the running totals at that moment. */
  public static String sampleJson(double t, int workers, int busy, int queue, double memoryMb, MetricsAccumulator totals) {
    ObjectNode s = DataFile.JSON.createObjectNode();
    s.put("t", t);
    s.put("workers", workers);
    s.put("busy", busy);
    s.put("queue", queue);
    s.put("memory_mb", memoryMb);
    s.put("cpu_useful_s", totals.cpuUsefulS());
    s.put("cpu_spawn_s", totals.cpuSpawnS());
    s.put("cpu_killed_s", totals.cpuKilledS());
    s.put("spawns", totals.spawns());
    s.put("met", totals.met());
    s.put("late", totals.late());
    s.put("refused", totals.turnedAway());
    return s.toString();
  }

  /** The run's last entry on the stream: how it ended. */
  void end(String json) {
    seq++;
    stream.append(run, seq, EventStream.END, json);
  }

  /**
   * The event as the stream carries it: the same fields as {@link RunEvent}'s JSON, written by hand
   * because this runs for every event of every image on the supervisor's thread.
   */
  public static String json(RunEvent e) {
    StringBuilder b = new StringBuilder(96);
    b.append("{\"t\":").append(e.t()).append(",\"type\":\"").append(e.type().wire()).append("\",\"worker\":")
        .append(e.worker()).append(",\"task\":").append(e.task()).append(",\"image\":").append(e.image())
        .append(",\"value\":").append(e.value());
    if (e.note() != null) {
      b.append(",\"note\":").append(DataFile.compact(e.note()));
    }
    return b.append('}').toString();
  }

  int seq() {
    return seq;
  }

  int lastEventSeq() {
    return lastEventSeq;
  }

  int lastSampleSeq() {
    return lastSampleSeq;
  }
}
