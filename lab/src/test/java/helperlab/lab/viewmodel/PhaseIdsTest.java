package helperlab.lab.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import helperlab.study.phase.Share;
import helperlab.study.phase.diagram.PhaseDiagram;
import helperlab.workload.Trigger;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One id per phase panel and cell, also when one policy has several settings. */
class PhaseIdsTest {
  private static final PhaseDiagram.Cell CELL = new PhaseDiagram.Cell(0.3, 1, Share.of(1, 3), List.of(0L, 1L, 2L), 0,
      false);

  private static PhaseDiagram box(PhaseDiagram.Run run) {
    return new PhaseDiagram("box", run, Trigger.Kind.SPIKE, 60, List.of(0.3), List.of(1.0), List.of(CELL));
  }

  @Test
  void theDefaultSettingKeepsTheShortIds() {
    PhaseDiagram d = box(new PhaseDiagram.Run("calm", "cage", "edf-fit"));
    assertEquals("phase-box", PhaseIds.diagram(d));
    assertEquals("phase-box-030-x2", PhaseIds.cell(d, CELL));
  }

  @Test
  void settingsOfOnePolicyGetIdsOfTheirOwn() {
    PhaseDiagram plain = box(new PhaseDiagram.Run("calm", "cage", "edf-fit"));
    PhaseDiagram atOnce = box(new PhaseDiagram.Run("calm", "cage", "edf-fit", "at-once", 1.4));
    PhaseDiagram none = box(new PhaseDiagram.Run("calm", "cage", "none"));
    assertEquals("phase-box-client-at-once-bias-x1_4-030-x2", PhaseIds.cell(atOnce, CELL));
    assertNotEquals(PhaseIds.cell(plain, CELL), PhaseIds.cell(atOnce, CELL));
    assertNotEquals(PhaseIds.cell(plain, CELL), PhaseIds.cell(none, CELL));
    assertNotEquals(PhaseIds.diagram(plain), PhaseIds.diagram(none));
    assertFalse(PhaseIds.cell(atOnce, CELL).contains("."), "no dots: a CSS selector splits at them");
  }
}
