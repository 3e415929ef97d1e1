package helperlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicyCatalog;
import helperlab.policy.PolicySpec;
import helperlab.sim.SimResult;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The issue's checks on the committed phase study's untriggered runs (8 policies × loads 0.1–0.9 × 10 seeds, calm
 * mix on the cage, edf-fit, clients that honour Retry-After), at the lab's thresholds, and how much they hang on
 * them: the same counts over a grid of goodput, busy, window and hold, written to
 * target/tipping-thresholds.md (lab-runs/findings/40 quotes it). Nothing here is tuned: the lab's thresholds are
 * docs/parameters.md's, chosen before this grid was run.
 */
@Tag("slow") // 720 simulated hours
class TippingThresholdsTest {
  static final List<String> POLICIES = List.of("pool-edf-10", "box", "box-help-20", "split-forecast",
      "split-forecast-budget", "retry-client", "retry-client-budget", "autoscale-lag");

  private record Run(String policy, double load, long seed, double met, RecoveryMeter meter, Tipping.Capacity capacity) {}

  /** Low met and called healthy; high met and down at the end; high met and ever down; a spell before the warm-up. */
  private record Counts(int low, int lowHealthy, int high, int highDownAtEnd, int highEverDown, int early, int tips) {}

  private static Counts counts(List<Run> runs, Tipping.Thresholds th) {
    int low = 0;
    int lowHealthy = 0;
    int high = 0;
    int highEnd = 0;
    int highEver = 0;
    int early = 0;
    int tips = 0;
    for (Run r : runs) {
      TippingCourse c = Tipping.course(r.meter(), r.capacity(), 3600, th);
      if (r.met() <= 0.3) {
        low++;
        lowHealthy += c.everDown() ? 0 : 1;
      }
      if (r.met() >= 0.8) {
        high++;
        highEnd += c.downAtEnd() ? 1 : 0;
        highEver += c.everDown() ? 1 : 0;
      }
      early += c.spells().stream().anyMatch(sp -> sp.fromS() < 120) ? 1 : 0;
      tips += c.tips();
    }
    return new Counts(low, lowHealthy, high, highEnd, highEver, early, tips);
  }

  @Test
  void theIssuesChecksHoldOnTheCommittedPhaseRunsAndHowMuchTheyHangOnTheThresholds() throws Exception {
    double[] loads = {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9};
    List<Run> runs = IntStream.range(0, POLICIES.size() * loads.length * 10).parallel().mapToObj(i -> {
      String p = POLICIES.get(i / (loads.length * 10));
      double load = loads[i / 10 % loads.length];
      long seed = i % 10;
      ScenarioSpec s = ScenarioSpec.builtIn("calm").withLoad(load);
      SimSetup setup = SimSetup.of(s, p, MachineSpec.builtIn("cage"), seed, AdmissionMode.EDF_FIT, Calibration.defaults(),
          false).withPolicy(PolicyCatalog.get(p).withRetryAfter(PolicySpec.RetryAfter.HONOUR));
      RecoveryMeter m = new RecoveryMeter();
      SimResult r = new Simulation(setup, m).run();
      return new Run(p, load, seed, r.metrics().metShare(), m, setup.tippingCapacity());
    }).toList();
    assertEquals(720, runs.size());

    Counts lab = counts(runs, Tipping.Thresholds.of(RecoveryMeter.Windows.HOUR));
    assertEquals(357, lab.low(), "the committed phase study's runs meeting 30% or less");
    assertEquals(191, lab.high(), "and 80% or more");
    assertTrue(lab.lowHealthy() <= 0.01 * lab.low(), "meeting <= 30% and called healthy: " + lab);
    assertTrue(lab.highDownAtEnd() <= 0.01 * lab.high(), "meeting >= 80% and down at the end: " + lab);
    assertEquals(0, lab.early(), "no spell before 120 s: " + lab);

    StringBuilder md = new StringBuilder("| goodput under | busy from | window s | hold s | <=30% met called healthy "
        + "| >=80% met down at end | >=80% met ever down | spells from before 120 s | tips |\n"
        + "|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (double g : new double[] {0.4, 0.5, 0.6}) {
      for (double b : new double[] {0.5, 0.7, 0.8, 0.9}) {
        for (int w : new int[] {120, 300, 600}) {
          for (int h : new int[] {120, 300}) {
            Counts c = counts(runs, new Tipping.Thresholds(g, b, w, h));
            md.append(String.format(Locale.ROOT, "| %.1f | %.1f | %d | %d | %d of %d | %d of %d | %d | %d | %d |%n", g, b,
                w, h, c.lowHealthy(), c.low(), c.highDownAtEnd(), c.high(), c.highEverDown(), c.early(), c.tips()));
          }
        }
      }
    }
    Files.createDirectories(Path.of("target"));
    Files.writeString(Path.of("target/tipping-thresholds.md"), md.toString());
  }
}
