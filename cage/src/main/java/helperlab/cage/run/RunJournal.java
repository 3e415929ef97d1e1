package helperlab.cage.run;

import helperlab.cage.events.EventStream;
import helperlab.cage.store.CageStore;
import helperlab.cage.store.Checkpoint;
import helperlab.model.EventSink;
import helperlab.model.EventType;
import helperlab.model.MetricsAccumulator;
import helperlab.model.RunEvent;
import helperlab.protocol.Wire;
import helperlab.protocol.events.EventLine;
import helperlab.protocol.events.SampleLine;
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
    stream.append(run, seq, SampleLine.TYPE, sampleJson(t, workers, busy, queue, memoryMb, totals));
    checkpoint.get().sample(run, seq, new CageStore.SampleRow(t, workers, busy, queue, memoryMb));
  }

  /** A sample as the stream carries it ({@link SampleLine}): levels, and the running totals at that moment. */
  public static String sampleJson(double t, int workers, int busy, int queue, double memoryMb, MetricsAccumulator totals) {
    return Wire.line(new SampleLine(t, workers, busy, queue, memoryMb, totals.cpuUsefulS(), totals.cpuSpawnS(),
        totals.cpuKilledS(), totals.spawns(), totals.met(), totals.late(), totals.turnedAway()));
  }

  /** The run's last entry on the stream: how it ended. */
  void end(String json) {
    seq++;
    stream.append(run, seq, EventStream.END, json);
  }

  /** The event as the stream carries it ({@link EventLine}): the same fields as {@link RunEvent}'s JSON. */
  public static String json(RunEvent e) {
    return Wire.line(new EventLine(e.t(), e.type().wire(), e.worker(), e.task(), e.image(), e.value(), e.note()));
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
