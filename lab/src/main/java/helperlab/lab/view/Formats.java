package helperlab.lab.view;

import helperlab.lab.viewmodel.Numbers;
import helperlab.model.RunMetrics;
import java.util.Locale;

/** Numbers as the window shows them. */
final class Formats {
  private Formats() {}

  static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /** Memory in the unit a person reads it in: {@code 700 MB} under a gigabyte, {@code 1.25 GB} from one on. */
  static String mb(double mb) {
    return Numbers.memory(mb);
  }

  static String seconds(double s) {
    return Numbers.fixed(s, 2) + " s";
  }

  /** One line of a run's headline numbers. */
  static String metrics(RunMetrics m) {
    return String.format(Locale.ROOT,
        "met %d of %d (%.1f %%) · missed %d · turned away %d · spawns %d (%.2f per task) · CPU useful %.0f s, "
            + "spawning %.0f s, killed %.0f s · peak memory %s",
        m.met(), m.submitted(), 100 * m.metShare(), m.late(), m.refused(), m.spawns(), m.processesPerTask(),
        m.cpuUsefulS(), m.cpuSpawnS(), m.cpuKilledS(), Numbers.memory(m.peakMemoryMb()));
  }
}
