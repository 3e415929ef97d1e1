package helperlab.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * A run's time series, one column per quantity, sampled at the times in {@code t}. CPU, spawns and
 * task outcomes are cumulative; workers, busy, queue and memory are levels.
 */
public record Samples(
    @JsonProperty(required = true) double[] t,
    @JsonProperty(required = true) int[] workers,
    @JsonProperty(required = true) int[] busy,
    @JsonProperty(required = true) int[] queue,
    @JsonProperty(value = "memory_mb", required = true) double[] memoryMb,
    @JsonProperty(value = "cpu_useful_s", required = true) double[] cpuUsefulS,
    @JsonProperty(value = "cpu_spawn_s", required = true) double[] cpuSpawnS,
    @JsonProperty(value = "cpu_killed_s", required = true) double[] cpuKilledS,
    @JsonProperty(required = true) int[] spawns,
    @JsonProperty(required = true) int[] met,
    @JsonProperty(required = true) int[] late,
    @JsonProperty(required = true) int[] refused) {

  public Samples {
    int n = t.length;
    if (workers.length != n || busy.length != n || queue.length != n || memoryMb.length != n
        || cpuUsefulS.length != n || cpuSpawnS.length != n || cpuKilledS.length != n
        || spawns.length != n || met.length != n || late.length != n || refused.length != n) {
      throw new IllegalArgumentException("samples: every column must have as many values as t (" + n + ")");
    }
    for (int i = 1; i < n; i++) {
      if (t[i] < t[i - 1]) {
        throw new IllegalArgumentException("samples: t must not go backwards (at index " + i + ")");
      }
    }
  }

  public int size() {
    return t.length;
  }

  /** The index of the last sample at or before time {@code time} (0 if none). */
  public int indexAt(double time) {
    int lo = 0;
    int hi = t.length - 1;
    if (hi < 0 || time <= t[0]) {
      return 0;
    }
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (t[mid] <= time) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }
}
