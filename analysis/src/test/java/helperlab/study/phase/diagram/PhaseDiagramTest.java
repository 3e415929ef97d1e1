package helperlab.study.phase.diagram;

import static helperlab.study.phase.diagram.PhaseRows.spiked;
import static helperlab.study.phase.diagram.PhaseRows.untriggered;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.study.phase.Share;
import helperlab.study.RunRow;
import helperlab.workload.Trigger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Hand-made phase rows into cells, boundaries and intervals. */
class PhaseDiagramTest {
  /** A spike of 60 s ends at 960 s; "30 minutes later" is 2,760 s. */
  private static final double LATER = 960 + 1800;

  @Test
  void aRunIsDownLaterByItsTipAndItsRecovery() {
    assertFalse(DownLater.downAt(untriggered("box", 0.2, 0, null), null, LATER), "never tipped");
    assertFalse(DownLater.downAt(untriggered("box", 0.2, 0, 3000.0), null, LATER), "tipped after the second asked");
    assertTrue(DownLater.downAt(untriggered("box", 0.2, 0, 100.0), null, LATER), "tipped, no escape recorded");
    assertFalse(DownLater.downAt(spiked("box", 0.2, 1, 60, 0, 950.0, 300.0, false), null, LATER),
        "tipped in the spike, back 300 s after it");
    assertTrue(DownLater.downAt(spiked("box", 0.2, 1, 60, 0, 950.0, 1900.0, false), null, LATER),
        "back only 1,900 s after the spike: still down at 30 minutes");
    assertTrue(DownLater.downAt(spiked("box", 0.2, 1, 60, 0, 950.0, null, false), null, LATER), "never back");
    assertTrue(DownLater.downAt(spiked("box", 0.2, 1, 60, 0, 2000.0, 100.0, false), null, LATER),
        "back from the spike at 1,060 s, then tipped at 2,000 s");
    assertTrue(DownLater.downAt(spiked("box", 0.2, 1, 60, 0, 45.0, null, true), null, LATER),
        "down before the spike: counted as still down");
    assertFalse(DownLater.downAt(spiked("box", 0.2, 1, 60, 0, null, 120.0, false), null, LATER),
        "pushed out of the band but never down by the tipping criterion");
  }

  @Test
  void aRowWithItsDownSpellsIsDownExactlyInThem() {
    RunRow twice = PhaseRows.spelled("box", 0.2, 0, new int[] {100, 1000}, new int[] {2500, 3600});
    assertTrue(DownLater.downAt(twice, null, 500));
    assertFalse(DownLater.downAt(twice, null, 1000), "escaped at 1,000 s");
    assertFalse(DownLater.downAt(twice, null, 2499));
    assertTrue(DownLater.downAt(twice, null, LATER), "down again from 2,500 s");
    assertFalse(DownLater.downAt(PhaseRows.spelled("box", 0.2, 1), null, LATER), "never down");
  }

  @Test
  void aSettingOtherThanTheDefaultIsItsOwnDiagram() {
    List<PhaseDiagram> all = PhaseDiagram.of(List.of(PhaseRows.spelled("box", 0.2, 0, new int[] {100, 3600}),
        untriggered("box", 0.2, 0, null)));
    assertEquals(List.of("box, client at-once, bias \u00d71.4", "box"), all.stream().map(PhaseDiagram::title).toList(),
        "in the order the rows came");
    assertEquals(1, all.get(0).cell(0.2, 0).down().k());
    assertEquals(0, all.get(1).cell(0.2, 0).down().k());
  }

  @Test
  void aRecoveryToATwinThatTippedByItselfIsNoRecovery() {
    RunRow spikedRun = spiked("box", 0.1, 4, 60, 0, 933.0, 1385.0, false); // "back" at 2,345 s
    assertTrue(DownLater.downAt(spikedRun, untriggered("box", 0.1, 0, 2345.0), LATER),
        "back only to the twin's level: the twin tipped at 2,345 s");
    assertFalse(DownLater.downAt(spikedRun, untriggered("box", 0.1, 0, 3000.0), LATER), "twin still up: back");
    assertFalse(DownLater.downAt(spikedRun, untriggered("box", 0.1, 0, null), LATER));
    assertEquals(Double.POSITIVE_INFINITY, DownLater.backAtS(spikedRun, untriggered("box", 0.1, 0, 2000.0)));
    assertEquals(2345.0, DownLater.backAtS(spikedRun, null));
  }

  /**
   * Loads 0.1–0.3 × sizes none, +1 (x2), +4 (x5), three seeds each. Without a trigger: down from 0.3. With x2:
   * down from 0.2. With x5: two of three down at 0.1, all down above.
   */
  static List<RunRow> grid() {
    List<RunRow> rows = new ArrayList<>();
    for (long seed = 0; seed < 3; seed++) {
      rows.add(untriggered("box", 0.1, seed, null));
      rows.add(untriggered("box", 0.2, seed, seed == 0 ? 100.0 : null)); // 1 of 3 down
      rows.add(untriggered("box", 0.3, seed, 200.0));
      rows.add(spiked("box", 0.1, 1, 60, seed, null, 0.0, false));
      rows.add(spiked("box", 0.2, 1, 60, seed, 950.0, null, false));
      rows.add(spiked("box", 0.3, 1, 60, seed, 200.0, null, true));
      rows.add(spiked("box", 0.1, 4, 60, seed, seed < 2 ? 930.0 : 930.0, seed < 2 ? null : 200.0, false));
      rows.add(spiked("box", 0.2, 4, 60, seed, 930.0, null, false));
      rows.add(spiked("box", 0.3, 4, 60, seed, 200.0, null, true));
    }
    return rows;
  }

  @Test
  void cellsCountRunsDownThirtyMinutesAfterTheTrigger() {
    List<PhaseDiagram> all = PhaseDiagram.of(grid());
    assertEquals(1, all.size());
    PhaseDiagram d = all.get(0);
    assertEquals("box", d.policy());
    assertEquals(Trigger.Kind.SPIKE, d.kind());
    assertEquals(60, d.durationS());
    assertEquals(new PhaseDiagram.Run("calm", "cage", "edf-fit"), d.run());
    assertEquals(List.of(0.1, 0.2, 0.3), d.loads());
    assertEquals(List.of(0.0, 1.0, 4.0), d.sizes());
    assertEquals(9, d.cells().size());
    assertEquals(LATER, d.askedAtS());

    PhaseDiagram.Cell none02 = d.cell(0.2, 0);
    assertEquals(1, none02.down().k());
    assertEquals(3, none02.down().n());
    assertEquals(List.of(0L, 1L, 2L), none02.seeds());
    assertEquals(1, none02.representativeSeed(), "the lowest seed on the cell's side (up)");
    assertFalse(none02.representativeDown());
    assertFalse(none02.down().decides(PhaseDiagram.HALF), "1 of 3 decides nothing");

    PhaseDiagram.Cell x5at01 = d.cell(0.1, 4);
    assertEquals(2, x5at01.down().k());
    assertEquals(0, x5at01.representativeSeed());
    assertTrue(x5at01.representativeDown());
    assertEquals(Share.of(2, 3), x5at01.down());

    assertEquals(3, d.cell(0.3, 1).down().k(), "down before the spike counts as down");
    assertEquals(0, d.cell(0.1, 1).down().k());
  }

  @Test
  void theBoundaryIsTheLowestLoadFromWhichEveryLoadIsMostlyDown() {
    PhaseDiagram d = PhaseDiagram.of(grid()).get(0);
    assertEquals(0.3, d.boundary(0));
    assertEquals(0.2, d.boundary(1));
    assertEquals(0.1, d.boundary(4));
  }

  @Test
  void aDownCellBelowAnUpOneDoesNotMoveTheBoundary() {
    List<RunRow> rows = new ArrayList<>();
    for (long seed = 0; seed < 2; seed++) {
      rows.add(spiked("box", 0.1, 1, 60, seed, 950.0, null, false)); // down
      rows.add(spiked("box", 0.2, 1, 60, seed, null, 0.0, false)); // up
      rows.add(spiked("box", 0.3, 1, 60, seed, 950.0, null, false)); // down
    }
    PhaseDiagram d = PhaseDiagram.of(rows).get(0);
    assertEquals(0.3, d.boundary(1));
    assertEquals(List.of(1.0), d.sizes(), "no untriggered runs: no size-0 row");
  }

  @Test
  void upEverywhereHasNoBoundary() {
    List<RunRow> rows = List.of(spiked("pool-edf-10", 0.5, 1, 60, 0, null, 0.0, false),
        untriggered("pool-edf-10", 0.5, 0, null));
    PhaseDiagram d = PhaseDiagram.of(rows).get(0);
    assertNull(d.boundary(0));
    assertNull(d.boundary(1));
  }

  @Test
  void oneDiagramPerPolicyKindAndDurationInTheRowsOrder() {
    List<RunRow> rows = new ArrayList<>();
    rows.add(spiked("pool-edf-10", 0.5, 1, 600, 0, null, 0.0, false));
    rows.add(spiked("box", 0.5, 1, 60, 0, null, 0.0, false));
    rows.add(spiked("pool-edf-10", 0.5, 1, 60, 0, null, 0.0, false));
    rows.add(untriggered("pool-edf-10", 0.5, 0, null));
    List<PhaseDiagram> all = PhaseDiagram.of(rows);
    assertEquals(List.of("pool-edf-10 60", "pool-edf-10 600", "box 60"),
        all.stream().map(d -> d.policy() + " " + (int) d.durationS()).toList());
    assertEquals(List.of(0.0, 1.0), all.get(1).sizes(), "the untriggered row joins every diagram of its policy");
    assertEquals(1800 + 900 + 600, all.get(1).askedAtS());
  }

  @Test
  void aStudyWithoutTriggersStillHasItsNoTriggerRow() {
    List<PhaseDiagram> all = PhaseDiagram.of(List.of(untriggered("box", 0.1, 0, 100.0),
        untriggered("box", 0.2, 0, 50.0)));
    assertEquals(1, all.size());
    assertNull(all.get(0).kind());
    assertEquals("no trigger", all.get(0).triggerText());
    assertEquals(0.1, all.get(0).boundary(0));
  }

  @Test
  void sizesReadAsAnOperatorSaysThem() {
    assertEquals("none", PhaseDiagram.sizeLabel(Trigger.Kind.SPIKE, 0));
    assertEquals("\u00d72", PhaseDiagram.sizeLabel(Trigger.Kind.SPIKE, 1));
    assertEquals("\u00d71.5", PhaseDiagram.sizeLabel(Trigger.Kind.COST_JUMP, 0.5));
    assertEquals("75%", PhaseDiagram.sizeLabel(Trigger.Kind.SLOWDOWN, 0.75));
  }

  @Test
  void otherStudiesRowsMakeNoDiagram() {
    assertTrue(PhaseDiagram.of(List.of()).isEmpty());
  }
}
