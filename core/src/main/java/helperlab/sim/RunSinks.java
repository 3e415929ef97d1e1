package helperlab.sim;

import helperlab.model.EventLog;
import helperlab.model.EventSink;
import helperlab.model.MetricsAccumulator;
import helperlab.model.SampleRecorder;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a run's events and samples go: always the metrics; when recording, the event log and the
 * samples; and a live observer if there is one. Without a log, samples or observer nothing is sampled.
 */
final class RunSinks {
  final MetricsAccumulator metrics = new MetricsAccumulator();
  /** Null unless recording. */
  final EventLog log;
  /** Null unless recording. */
  final SampleRecorder samples;
  /** All of them as one (the metrics alone when there is nothing else: no tee to go through). */
  final EventSink sink;
  /** Whether anyone reads samples. */
  final boolean sampling;

  RunSinks(boolean record, EventSink observer) {
    List<EventSink> sinks = new ArrayList<>(List.of(metrics));
    if (record) {
      this.log = new EventLog();
      this.samples = new SampleRecorder();
      sinks.add(log);
      sinks.add(samples);
    } else {
      this.log = null;
      this.samples = null;
    }
    if (observer != null) {
      sinks.add(observer);
    }
    this.sink = sinks.size() == 1 ? metrics : EventSink.tee(sinks.toArray(EventSink[]::new));
    this.sampling = samples != null || observer != null;
  }
}
