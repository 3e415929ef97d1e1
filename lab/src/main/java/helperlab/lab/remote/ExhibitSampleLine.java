package helperlab.lab.remote;

import helperlab.charts.LiveSamples;
import helperlab.lab.live.LiveState;
import helperlab.lab.live.LiveStatus;
import helperlab.lab.live.LiveTrigger;
import helperlab.protocol.events.SampleLine;

/** A sample line of the cage's event stream read into the lab: a row of the chart table, and the live status. */
final class ExhibitSampleLine {
  private ExhibitSampleLine() {
  }

  /** Adds sample {@code s} (taken at run time {@code t}) as a row of {@code table}. */
  static void addRow(LiveSamples table, double t, SampleLine s) {
    table.add(t, s.workers(), s.busy(), s.queue(), s.memoryMb(), s.cpuUsefulS(), s.cpuSpawnS(), s.cpuKilledS(),
        s.spawns(), s.met(), s.late(), s.refused());
  }

  /** The status sample {@code s} shows at run time {@code timeS}. */
  static LiveStatus status(LiveState state, double timeS, double durationS, SampleLine s, int submitted, int pressed,
      LiveTrigger trigger) {
    return new LiveStatus(state, timeS, durationS, 1, s.workers(), s.busy(),
        s.queue(), s.memoryMb(), s.spawns(), submitted,
        s.met(), s.late(), s.refused(), pressed, trigger);
  }

  /** The status {@code was} in {@code state} without a new sample: a run no longer running has no workers busy. */
  static LiveStatus carriedOver(LiveStatus was, LiveState state, double durationS, int submitted, int pressed,
      LiveTrigger trigger) {
    boolean running = state == LiveState.RUNNING;
    return new LiveStatus(state, was.timeS(), durationS, 1, running ? was.workers() : 0, running ? was.busy() : 0,
        was.queue(), was.memoryMb(), was.spawns(), submitted, was.met(), was.late(), was.refused(), pressed, trigger);
  }
}
