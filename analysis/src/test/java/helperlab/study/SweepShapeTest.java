package helperlab.study;

import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.RunMetrics;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The default sweep (5,100 runs and the admission study, default calibration) keeps the shape of the seed's
 * findings that it reproduced when this test was written; see findings.md for the ones it does not (yield is
 * not level with the pool in this model). Heavy: {@code mvn -Pheavy test}.
 */
@Tag("heavy")
class SweepShapeTest {
  private static List<RunRow> rows;

  @BeforeAll
  static void sweep() throws Exception {
    rows = new Sweep(SweepPlan.defaults(), Calibration.defaults()).run(Runtime.getRuntime().availableProcessors(), n -> { });
  }

  private static double mean(String scenario, String policy, String machine, String admission,
      ToDoubleFunction<RunMetrics> f) {
    return rows.stream().filter(r -> r.scenario().equals(scenario) && r.policy().equals(policy)
            && r.machine().equals(machine) && r.admission().equals(admission))
        .mapToDouble(r -> f.applyAsDouble(r.metrics())).average().orElseThrow();
  }

  private static double met(String scenario, String policy, String machine) {
    return 100 * mean(scenario, policy, machine, "edf-fit", RunMetrics::metShare);
  }

  @Test
  void theSweepHasEveryRun() {
    Map<String, Long> perScenario = rows.stream().collect(Collectors.groupingBy(RunRow::scenario, Collectors.counting()));
    assertTrue(rows.size() == 5_100 + 120, "runs: " + rows.size());
    assertTrue(perScenario.get("busy") == 17 * 3 * 20);
  }

  /**
   * Since deadlines allow for each batch's work, the large machine's pool meets (nearly) every deadline in its
   * busy and heavy hours, so there it can only be ahead, not 5 points ahead: the bar there is the pool ahead.
   */
  @Test
  void theEarliestDeadlinePoolBeatsTheBestNonYieldSplittingByFivePointsWhenBusy() {
    for (String machine : List.of("small", "cage", "large")) {
      for (String s : Findings.BUSY_SCENARIOS) {
        double best = Findings.NON_YIELD_SPLITTING.stream().mapToDouble(p -> met(s, p, machine)).max().orElseThrow();
        double pool = met(s, "pool-edf-10", machine);
        boolean ceiling = pool >= 99.5;
        assertTrue(ceiling ? pool > best : pool - best >= 5, machine + "/" + s + ": pool " + pool + " vs splitting " + best);
      }
    }
  }

  @Test
  void theBoxWithoutBudgetCollapsesInACalmHourOnTheCage() {
    double box = met("calm", "box", "cage");
    double never = met("calm", "never-split", "cage");
    double overhead = mean("calm", "box", "cage", "edf-fit", RunMetrics::overheadShare);
    assertTrue(never - box >= 10, "box " + box + " vs never-split " + never);
    assertTrue(overhead >= 0.25, "box overhead share " + overhead);
  }

  @Test
  void yieldStartsManyMoreProcessesPerTaskThanThePool() {
    for (String s : List.of("calm", "busy", "burst", "heavy", "overload")) {
      double pool = mean(s, "pool-edf-10", "cage", "edf-fit", RunMetrics::processesPerTask);
      double yielding = mean(s, "split-forecast-budget-yield", "cage", "edf-fit", RunMetrics::processesPerTask);
      assertTrue(yielding > 2 * pool && yielding >= 1, s + ": yield " + yielding + " vs pool " + pool);
      assertTrue(met(s, "split-forecast-budget-yield", "cage") > met(s, "split-forecast-budget", "cage"),
          s + ": yield must bring splitting closer to the pool");
    }
  }

  @Test
  void flatAdmissionTurnsAwayMoreThanEarliestDeadlineFitInACalmHour() {
    for (String machine : List.of("small", "cage", "large")) {
      double flat = mean("calm", "pool-edf-10", machine, "flat", RunMetrics::refusedShare);
      double edf = mean("calm", "pool-edf-10", machine, "edf-fit", RunMetrics::refusedShare);
      assertTrue(flat > edf, machine + ": flat " + flat + " vs edf-fit " + edf);
    }
  }
}
