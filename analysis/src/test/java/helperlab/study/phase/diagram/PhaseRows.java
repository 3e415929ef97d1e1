package helperlab.study.phase.diagram;

import helperlab.study.RunRow;
import java.util.Locale;

/** Hand-made phase rows, as runs.jsonl holds them, for the phase pictures' tests. */
final class PhaseRows {
  private static final String METRICS = "\"submitted\":100,\"admitted\":100,\"refused\":0,\"met\":90,\"late\":10,"
      + "\"met_share\":0.9,\"retries\":0,\"spawns\":50,\"processes_per_task\":0.5,\"cpu_useful_s\":1000.0,"
      + "\"cpu_spawn_s\":100.0,\"cpu_killed_s\":0.0,\"peak_memory_mb\":600.0,\"oom_kills\":0,\"workers_killed\":0,"
      + "\"images_done\":1000,\"images_dead\":0,\"lateness_p50_s\":0.0,\"lateness_p99_s\":0.0,\"mean_response_s\":6.0";

  private PhaseRows() {}

  /** A run without a trigger at {@code load}, tipped at {@code tippedAtS} (null: never). */
  static RunRow untriggered(String policy, double load, long seed, Double tippedAtS) {
    return RunRow.parse(String.format(Locale.ROOT, "{\"study\":\"phase\",\"scenario\":\"calm\",\"offered_load\":%s,"
        + "\"policy\":\"%s\",\"machine\":\"cage\",\"seed\":%d,\"admission\":\"edf-fit\",%s,\"tipped_at_s\":%s}",
        load, policy, seed, METRICS, tippedAtS), "test");
  }

  /** A run without a trigger whose down spells are {@code spells} ([from, to) seconds), as rows since session 14. */
  static RunRow spelled(String policy, double load, long seed, int[]... spells) {
    StringBuilder list = new StringBuilder();
    int downS = 0;
    for (int[] sp : spells) {
      list.append(list.length() == 0 ? "" : ",").append('[').append(sp[0]).append(',').append(sp[1]).append(']');
      downS += sp[1] - sp[0];
    }
    boolean atEnd = spells.length > 0 && spells[spells.length - 1][1] >= 3600;
    String escaped = spells.length == 0 || spells[0][1] >= 3600 ? "null" : String.valueOf(spells[0][1]);
    String down = String.format(Locale.ROOT, "{\"escaped_at_s\":%s,\"down_s\":%d,\"stretches\":%d,"
        + "\"down_at_end\":%s,\"down_30m_after_trigger\":null,\"spells\":[%s],\"offered_cpu_s\":0.0,"
        + "\"capacity_cpu_s\":0.0,\"sustain\":null}", escaped, downS, spells.length, atEnd, list);
    return RunRow.parse(String.format(Locale.ROOT, "{\"study\":\"phase\",\"scenario\":\"calm\",\"offered_load\":%s,"
        + "\"policy\":\"%s\",\"machine\":\"cage\",\"seed\":%d,\"admission\":\"edf-fit\",\"client\":\"at-once\","
        + "\"forecast_bias\":1.4,%s,\"tipped_at_s\":%s,\"down\":%s}", load, policy, seed, METRICS,
        spells.length == 0 ? "null" : String.valueOf(spells[0][0]), down), "test");
  }

  /**
   * A run with a spike of {@code size} for {@code durationS} from 900 s, tipped at {@code tippedAtS}, back
   * {@code recoveryS} after the spike's end (null: not back), or down before the spike.
   */
  static RunRow spiked(String policy, double load, double size, double durationS, long seed, Double tippedAtS,
      Double recoveryS, boolean downBefore) {
    String recovery = String.format(Locale.ROOT, "{\"recovery_s\":%s,\"metastable\":%s,\"down_before_trigger\":%s,"
        + "\"tipped_at_s\":%s,\"baseline_met_share\":1.0,\"baseline_queue\":5.0,"
        + "\"before\":{\"admitted\":60,\"spawns_per_task\":0.4,\"retries_per_task\":0.0,\"mean_processes\":1.3},"
        + "\"during\":{\"admitted\":2,\"spawns_per_task\":0.0,\"retries_per_task\":0.0,\"mean_processes\":2.0},"
        + "\"after\":{\"admitted\":50,\"spawns_per_task\":0.5,\"retries_per_task\":0.0,\"mean_processes\":1.4}}",
        downBefore ? null : recoveryS, !downBefore && recoveryS == null, downBefore, tippedAtS);
    return RunRow.parse(String.format(Locale.ROOT, "{\"study\":\"phase\",\"scenario\":\"calm\",\"offered_load\":%s,"
        + "\"policy\":\"%s\",\"machine\":\"cage\",\"seed\":%d,\"admission\":\"edf-fit\","
        + "\"trigger\":{\"kind\":\"spike\",\"at_s\":900.0,\"duration_s\":%s,\"size\":%s},%s,\"tipped_at_s\":%s,"
        + "\"recovery\":%s}", load, policy, seed, durationS, size, METRICS, tippedAtS, recovery), "test");
  }
}
