package helperlab.lab.viewmodel;

import helperlab.model.Interference;
import helperlab.model.Processor;
import helperlab.model.RunMetrics;
import helperlab.model.RunRecord;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** A run record's headline numbers and notes, in the words the views show them in. */
public final class RecordWords {
  private RecordWords() {}

  /** One line of a run's headline numbers ("" for no run). */
  public static String metrics(RunRecord r) {
    return r == null ? "" : metrics(r.metrics());
  }

  static String metrics(RunMetrics m) {
    return String.format(Locale.ROOT,
        "met %d of %d (%.1f %%) · missed %d · turned away %d · spawns %d (%.2f per task) · CPU useful %.0f s, "
            + "spawning %.0f s, killed %.0f s · peak memory %s",
        m.met(), m.submitted(), 100 * m.metShare(), m.late(), m.refused(), m.spawns(), m.processesPerTask(),
        m.cpuUsefulS(), m.cpuSpawnS(), m.cpuKilledS(), Numbers.memory(m.peakMemoryMb()));
  }

  /** The run said the host starved it: in words, or null (no run, or not starved). */
  public static String starvedNote(RunRecord r) {
    return Interference.starvedNote(Interference.of(r));
  }

  /**
   * What the run says of the machine under it, a line each: starved by the host, or made on another processor than
   * its calibration's (its replay is another machine's); "" when neither.
   */
  public static String machineNote(RunRecord r) {
    return Stream.of(Interference.starvedNote(Interference.of(r)), Processor.note(r)).filter(Objects::nonNull)
        .collect(Collectors.joining("\n"));
  }
}
