package helperlab.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.Preset;
import helperlab.policy.PolicyCatalog;
import helperlab.policy.PolicySpec;
import helperlab.workload.ScenarioSpec;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each sensitivity variant moves exactly its one parameter; the verdicts of two sweeps are set side by side. */
class SensitivityStudyTest {
  private static SensitivityStudy.Variant variant(String parameter, String value) {
    return new SensitivityStudy(Calibration.defaults(), 2).variants().stream()
        .filter(v -> v.parameter().startsWith(parameter) && v.value().split(" ")[0].equals(value)).findFirst()
        .orElseThrow();
  }

  @Test
  void eachVariantMovesOneParameter() {
    Calibration base = Calibration.defaults();
    SensitivityStudy.Variant allowance = variant("deadline allowance", "2");
    for (Preset p : allowance.presets().all()) {
      assertEquals(2, p.deadlineWorkAllowance(), 1e-12);
    }
    assertEquals(base, allowance.calibration());

    SensitivityStudy.Variant free = variant("spawn + warm-up", "0");
    assertEquals(0, free.calibration().spawnCpuMs());
    assertEquals(0, free.calibration().warmupCpuMs());
    assertEquals(base.cost(), free.calibration().cost(), "only start-up moves");
    SensitivityStudy.Variant dear = variant("spawn + warm-up", "2");
    assertEquals(2 * base.spawnCpuMs(), dear.calibration().spawnCpuMs(), 1e-9);
    assertEquals(base.startupParallelism(), dear.calibration().startupParallelism(), 1e-9, "it starts on as many cores");

    SensitivityStudy.Variant timer = variant("split timer", "0.25");
    PolicySpec box = timer.policy().apply(PolicyCatalog.get("box"));
    assertEquals(0.25, box.split().timerFraction(), 1e-12);
    assertEquals(PolicyCatalog.get("split-forecast-budget"), timer.policy().apply(PolicyCatalog.get("split-forecast-budget")),
        "forecast policies are untouched");

    SensitivityStudy.Variant load = variant("load", "1.5");
    assertEquals(1.5 * 0.5, load.scenario().apply(ScenarioSpec.builtIn("calm")).load(), 1e-12);
  }

  @Test
  void theStudysPlanHasEveryPolicyTheClaimsNeed() {
    SweepPlan plan = new SensitivityStudy(Calibration.defaults(), 3).plan();
    assertEquals(List.of("cage"), plan.machines());
    assertTrue(plan.policies().containsAll(Findings.NON_YIELD_SPLITTING));
    assertTrue(plan.policies().containsAll(Findings.YIELD_SPLITTING));
    assertTrue(plan.policies().containsAll(List.of("pool-edf-10", "never-split")));
  }

  @Test
  void verdictsSideBySideSayWhereTheyDiffer() {
    List<ClaimVerdicts.Verdict> a = List.of(new ClaimVerdicts.Verdict(1, "one", true, true, "x"),
        new ClaimVerdicts.Verdict(2, "two", true, false, "y"));
    List<ClaimVerdicts.Verdict> b = List.of(new ClaimVerdicts.Verdict(1, "one", true, true, "x'"),
        new ClaimVerdicts.Verdict(2, "two", true, true, "y'"));
    String md = ClaimVerdicts.sideBySide("A", a, "B", b);
    assertTrue(md.contains("**does not hold**: y") && md.contains("**holds**: y'"), md);
    assertTrue(md.contains("The verdicts differ for claim 2."), md);
  }
}
