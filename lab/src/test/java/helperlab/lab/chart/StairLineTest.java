package helperlab.lab.chart;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** A count's line as steps: each value held until the next sample's time, then a vertical jump. */
class StairLineTest {
  @Test
  void holdsEachValueUntilTheNextSampleThenJumps() {
    StairLine s = new StairLine();
    int n = s.expand(new double[] {0, 1, 3}, new double[] {2, 5, 4}, 3);
    assertEquals(5, n);
    assertArrayEquals(new double[] {0, 1, 1, 3, 3}, Arrays.copyOf(s.x(), n));
    assertArrayEquals(new double[] {2, 2, 5, 5, 4}, Arrays.copyOf(s.y(), n));
  }

  @Test
  void aSinglePointOrNoneStaysAsItIs() {
    StairLine s = new StairLine();
    assertEquals(0, s.expand(new double[0], new double[0], 0));
    assertEquals(1, s.expand(new double[] {7}, new double[] {3}, 1));
    assertEquals(7, s.x()[0]);
    assertEquals(3, s.y()[0]);
  }

  @Test
  void aGapStaysAGap() {
    StairLine s = new StairLine();
    int n = s.expand(new double[] {0, 1, 2}, new double[] {1, Double.NaN, 3}, 3);
    // the step into the gap and out of it carries NaN, so the renderer breaks the line there
    assertArrayEquals(new double[] {1, 1, Double.NaN, Double.NaN, 3}, Arrays.copyOf(s.y(), n));
  }

  @Test
  void growsForLongLines() {
    StairLine s = new StairLine();
    double[] x = new double[10_000];
    double[] y = new double[10_000];
    Arrays.setAll(x, i -> i);
    Arrays.setAll(y, i -> i % 3);
    assertEquals(19_999, s.expand(x, y, 10_000));
    assertEquals(9_999, s.x()[19_998]);
  }
}
