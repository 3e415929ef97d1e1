package helperlab.charts.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.charts.RecordedSamples;
import helperlab.charts.Series;
import helperlab.charts.style.AxisKind;
import helperlab.model.Samples;
import java.awt.geom.PathIterator;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Exports draw counts as steps and write time as the lab's axes do (h:mm:ss past an hour), not in seconds. */
class StepsAndClockTest {
  private static final Samples JUMPS = new Samples(new double[] {0, 600, 1200, 1800},
      new int[] {1, 4, 2, 2}, new int[] {0, 3, 1, 1}, new int[] {5, 0, 7, 0}, new double[] {100, 200, 150, 120},
      new double[4], new double[4], new double[4], new int[] {1, 4, 4, 5}, new int[4], new int[4], new int[4]);

  private static List<String> slanted(Series s) {
    Rectangle2D plot = new Rectangle2D.Double(0, 0, 400, 200);
    var path = ChartPainter.path(new RecordedSamples(JUMPS), s, plot, NiceScale.exact(AxisKind.TIME, 0, 1800, 400, false),
        NiceScale.of(0, 10, 5));
    List<String> out = new ArrayList<>();
    double[] c = new double[6];
    double x = Double.NaN;
    double y = Double.NaN;
    for (PathIterator it = path.getPathIterator(null); !it.isDone(); it.next()) {
      int type = it.currentSegment(c);
      if (type == PathIterator.SEG_LINETO && Math.abs(c[0] - x) > 1e-9 && Math.abs(c[1] - y) > 1e-9) {
        out.add(String.format("(%.0f,%.0f)->(%.0f,%.0f)", x, y, c[0], c[1]));
      }
      x = c[0];
      y = c[1];
    }
    return out;
  }

  @Test
  void countsAreStepsAndLevelsAreLines() {
    for (Series s : List.of(Series.WORKERS, Series.BUSY, Series.QUEUE, Series.SPAWNS_TOTAL)) {
      assertEquals(List.of(), slanted(s), s + " drawn with slanted segments");
    }
    assertTrue(!slanted(Series.MEMORY).isEmpty(), "memory, a level, is drawn as a line between samples");
  }

  @Test
  void timeTicksReadLikeClocks() {
    NiceScale hour = NiceScale.exact(AxisKind.TIME, 0, 3900, 640, false);
    assertEquals(600, hour.step(), "ten-minute ticks over an hour, 640 pixels wide");
    assertEquals("1:00:00", AxisKind.TIME.label(3600, hour.step(), hour.max()));
    assertEquals("10:00", AxisKind.TIME.label(600, hour.step(), hour.max()));
    assertEquals(30, NiceScale.exact(AxisKind.TIME, 0, 200, 640, false).step());
  }
}
