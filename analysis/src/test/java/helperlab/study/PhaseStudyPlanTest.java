package helperlab.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.study.phase.PhaseGrid;
import helperlab.study.phase.PhaseSetting;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The phase study's plan: its grid's size, its rows at their offered load, and plans without it unchanged. */
class PhaseStudyPlanTest {
  private static SweepPlan onlyPhase(int studySeeds, PhaseGrid grid) {
    // the smallest main sweep beside it: one calm pool run on the cage
    return new SweepPlan(List.of("calm"), List.of("pool-edf-10"), List.of("cage"), 1, false, List.of(Studies.PHASE),
        studySeeds, grid);
  }

  @Test
  void theFullGridIsNineLoadsTimesSixSettingsTimesFortyOneConditionsAndSevenPricesTimesSixteenPoliciesPerSeed() {
    PhaseGrid full = PhaseGrid.full();
    assertEquals(9, full.loads().size());
    assertEquals(6, full.settings().size());
    assertEquals(1 + 10 * 4, full.conditions().size());
    assertEquals(16, full.policies().size());
    assertEquals(7, full.prices().size(), "the price axis: untriggered runs again at seven prices of a helper");
    assertEquals(414_720, full.runCount(10));
    SweepPlan plan = onlyPhase(10, null);
    assertEquals(1 + 414_720, plan.runCount());
    assertEquals(full, plan.phaseGrid());
    SweepPlan studyOnly = new SweepPlan(List.of("calm"), List.of("pool-edf-10"), List.of("cage"), 1, true,
        List.of(Studies.PHASE), 10, null, true);
    assertEquals(414_720, studyOnly.runCount(), "--study-only: no main run, no claims' own runs");
    assertTrue(DataFile.compact(studyOnly).contains("\"study_only\":true"));
    assertFalse(DataFile.compact(plan).contains("study_only"), "written only when set");
  }

  @Test
  void aGridReadBackFromItsPlanIsTheSameGrid() {
    PhaseGrid g = new PhaseGrid(List.of(0.3), false, List.of(PhaseGrid.parseTrigger("spike:2:600")),
        List.of("box-help-20-min0"), List.of(PhaseSetting.parse("none"), PhaseSetting.parse("edf-fit*0.7/at-once")));
    assertEquals(g, DataFile.parse(DataFile.compact(g), "test", PhaseGrid.class));
    PhaseGrid old = DataFile.parse("{\"loads\":[0.1],\"untriggered\":true,\"triggers\":[],\"policies\":[\"box\"]}",
        "test", PhaseGrid.class);
    assertEquals(List.of(PhaseSetting.BASE), old.settings(), "a grid written before the settings is in the base one");
  }

  @Test
  void aPlanWithoutThePhaseStudyWritesNoGrid() {
    SweepPlan plan = new SweepPlan(List.of("calm"), List.of("pool-edf-10"), List.of("cage"), 1, false,
        List.of(Studies.METASTABILITY), 1, PhaseGrid.full());
    assertNull(plan.phaseGrid());
    assertFalse(DataFile.compact(plan).contains("phase_grid"));
    assertFalse(DataFile.compact(SweepPlan.defaults()).contains("phase_grid"));
  }

  @Test
  void aPhaseRunIsAtItsOfferedLoadAndSaysSo() throws Exception {
    PhaseGrid grid = new PhaseGrid(List.of(0.2, 0.4), true, List.of(), List.of("pool-edf-10"));
    List<RunRow> rows = new Sweep(onlyPhase(1, grid), Calibration.defaults()).run(1, n -> { });
    assertEquals(3, rows.size());
    RunRow low = rows.get(1);
    RunRow high = rows.get(2);
    assertNull(rows.get(0).offeredLoad());
    assertEquals(0.2, low.offeredLoad());
    assertEquals(0.4, high.offeredLoad());
    assertEquals("load 0.20", low.condition());
    assertEquals("honour", low.client());
    assertEquals(0.0, low.down().downS(), "the pool is never down at 0.2");
    // the pool resizes what it is offered at these loads: twice the load, about twice the useful CPU
    double ratio = high.metrics().cpuUsefulS() / low.metrics().cpuUsefulS();
    System.out.printf(Locale.ROOT, "useful CPU at 0.4 over 0.2, seed 0: %.3f%n", ratio);
    assertEquals(2, ratio, 0.2);
    String line = DataFile.compact(high);
    assertTrue(line.contains("\"offered_load\":0.4"), line);
    assertEquals(0.4, RunRow.parse(line, "test").offeredLoad());
  }
}
