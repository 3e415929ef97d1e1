package helperlab.lab.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import helperlab.study.phase.Share;
import helperlab.study.phase.diagram.PhaseDiagram;
import helperlab.workload.Trigger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A phase diagram and a price map as the Sweep view draws them: words, places, the staircase, a cell's click. */
class ShareMapTest {
  private static final PhaseDiagram.Cell CALM_LOW = new PhaseDiagram.Cell(0.3, 0, Share.of(0, 3), List.of(0L, 1L, 2L),
      0, false, 0.9, 0.1);
  private static final PhaseDiagram.Cell CALM_HIGH = new PhaseDiagram.Cell(0.6, 0, Share.of(3, 3),
      List.of(0L, 1L, 2L), 0, true, 0.2, 0.7);
  private static final PhaseDiagram.Cell SPIKED_LOW = new PhaseDiagram.Cell(0.3, 1, Share.of(1, 3),
      List.of(0L, 1L, 2L), 1, true);

  private static PhaseDiagram diagram() {
    return new PhaseDiagram("box", new PhaseDiagram.Run("calm", "cage", "edf-fit"), Trigger.Kind.SPIKE, 60,
        List.of(0.3, 0.6), List.of(0.0, 1.0), List.of(CALM_LOW, CALM_HIGH, SPIKED_LOW));
  }

  @Test
  void aDiagramsCellsSayTheirSharesInPlaceAndOpenTheirRuns() {
    PhaseDiagram d = diagram();
    List<PhaseDiagram.Cell> opened = new ArrayList<>();
    ShareMap m = PhaseMaps.of(d, (diagram, cell) -> opened.add(cell));
    assertEquals("phase-box", m.id());
    assertEquals(List.of("0.30", "0.60"), m.loadLabels());
    assertEquals(2, m.rowLabels().size());
    assertEquals(3, m.cells().size(), "no cell where the diagram has none");
    ShareMap.Cell calm = m.cells().get(0);
    assertEquals(List.of(0, 0), List.of(calm.row(), calm.col()));
    assertEquals("0/3\n90%", calm.text());
    assertEquals(0.0, calm.share());
    ShareMap.Cell spiked = m.cells().get(2);
    assertEquals(List.of(1, 0), List.of(spiked.row(), spiked.col()));
    assertEquals("1/3", spiked.text(), "no met share when the sweep's rows do not have it");
    assertEquals(!Share.of(1, 3).decides(PhaseDiagram.HALF), spiked.dashed());
    assertEquals(PhaseMaps.tooltip(d, SPIKED_LOW), spiked.tooltip());
    // the boundary: from the second load on in the bottom row; none in the top row (at the right edge)
    assertEquals(List.of(1, 2), m.stair());
    assertEquals(List.of(), m.marks());
    spiked.open().run();
    assertEquals(List.of(SPIKED_LOW), opened);
  }

  @Test
  void aKnownMachinesPriceSitsBetweenTheRowsAroundItOnALogScale() {
    List<Double> prices = List.of(1.0, 10.0, 100.0);
    assertEquals(0.5, PriceMaps.rowsUp(prices, 0.5), "under the lowest price: the bottom row's centre");
    assertEquals(0.5, PriceMaps.rowsUp(prices, 1.0));
    assertEquals(1.0, PriceMaps.rowsUp(prices, Math.sqrt(10)), 1e-12);
    assertEquals(1.5, PriceMaps.rowsUp(prices, 10.0), 1e-12);
    assertEquals(2.5, PriceMaps.rowsUp(prices, 1000.0), "over the highest: the top row's centre");
  }
}
