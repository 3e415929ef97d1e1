package helperlab.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.study.phase.PhaseGrid;
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
  void theFullGridIsNineLoadsTimesFortyOneConditionsTimesTwelvePoliciesPerSeed() {
    PhaseGrid full = PhaseGrid.full();
    assertEquals(9, full.loads().size());
    assertEquals(1 + 10 * 4, full.conditions().size());
    assertEquals(12, full.policies().size());
    assertEquals(44_280, full.runCount(10));
    SweepPlan plan = onlyPhase(10, null);
    assertEquals(1 + 44_280, plan.runCount());
    assertEquals(full, plan.phaseGrid());
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
    // the pool resizes what it is offered at these loads: twice the load, about twice the useful CPU
    double ratio = high.metrics().cpuUsefulS() / low.metrics().cpuUsefulS();
    System.out.printf(Locale.ROOT, "useful CPU at 0.4 over 0.2, seed 0: %.3f%n", ratio);
    assertEquals(2, ratio, 0.2);
    String line = DataFile.compact(high);
    assertTrue(line.contains("\"offered_load\":0.4"), line);
    assertEquals(0.4, RunRow.parse(line, "test").offeredLoad());
  }
}
