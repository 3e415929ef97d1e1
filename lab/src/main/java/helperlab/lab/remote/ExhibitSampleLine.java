package helperlab.lab.remote;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.charts.LiveSamples;
import helperlab.lab.live.LiveState;
import helperlab.lab.live.LiveStatus;
import helperlab.lab.live.LiveTrigger;

/** A sample line of the cage's event stream read into the lab: a row of the chart table, and the live status. */
final class ExhibitSampleLine {
  private ExhibitSampleLine() {
  }

  /** Adds sample {@code s} (taken at run time {@code t}) as a row of {@code table}. */
  static void addRow(LiveSamples table, double t, JsonNode s) {
    table.add(t, s.path("workers").asInt(), s.path("busy").asInt(), s.path("queue").asInt(),
        s.path("memory_mb").asDouble(), s.path("cpu_useful_s").asDouble(), s.path("cpu_spawn_s").asDouble(),
        s.path("cpu_killed_s").asDouble(), s.path("spawns").asInt(), s.path("met").asInt(), s.path("late").asInt(),
        s.path("refused").asInt());
  }

  /** The status sample {@code s} shows at run time {@code timeS}. */
  static LiveStatus status(LiveState state, double timeS, double durationS, JsonNode s, int submitted, int pressed,
      LiveTrigger trigger) {
    return new LiveStatus(state, timeS, durationS, 1, s.path("workers").asInt(), s.path("busy").asInt(),
        s.path("queue").asInt(), s.path("memory_mb").asDouble(), s.path("spawns").asInt(), submitted,
        s.path("met").asInt(), s.path("late").asInt(), s.path("refused").asInt(), pressed, trigger);
  }

  /** The status {@code was} in {@code state} without a new sample: a run no longer running has no workers busy. */
  static LiveStatus carriedOver(LiveStatus was, LiveState state, double durationS, int submitted, int pressed,
      LiveTrigger trigger) {
    boolean running = state == LiveState.RUNNING;
    return new LiveStatus(state, was.timeS(), durationS, 1, running ? was.workers() : 0, running ? was.busy() : 0,
        was.queue(), was.memoryMb(), was.spawns(), submitted, was.met(), was.late(), was.refused(), pressed, trigger);
  }
}
