package helperlab.lab.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A solid line as the pixel columns it inks, neighbouring columns of one extent filled as one rectangle. */
class ColumnExtentsTest {
  private static final double W = 1.2;
  private static final double EPS = 1e-9;

  private record Rect(double x, double y, double w, double h) {}

  private static List<Rect> fill(ColumnExtents c) {
    List<Rect> out = new ArrayList<>();
    c.fill(W, (x, y, w, h) -> out.add(new Rect(x, y, w, h)));
    return out;
  }

  private static ColumnExtents line(int width, double... xy) {
    ColumnExtents c = new ColumnExtents();
    c.reset(width);
    for (int i = 0; i < xy.length; i += 2) {
      c.to(xy[i], xy[i + 1]);
    }
    return c;
  }

  private static void assertRect(Rect r, double x, double y, double w, double h) {
    assertEquals(x, r.x(), EPS, "x of " + r);
    assertEquals(y, r.y(), EPS, "y of " + r);
    assertEquals(w, r.w(), EPS, "width of " + r);
    assertEquals(h, r.h(), EPS, "height of " + r);
  }

  @Test
  void aFlatLineIsOneRectangleAsThickAsTheLine() {
    List<Rect> rects = fill(line(200, 10.2, 20, 50.7, 20));
    assertEquals(1, rects.size());
    // columns 10..50, widened by half the line's width around their centres
    assertRect(rects.get(0), 10.5 - W / 2, 20 - W / 2, 40 + W, W);
  }

  @Test
  void aStepIsTwoFlatsAndTheColumnOfItsJump() {
    List<Rect> rects = fill(line(200, 10, 20, 30, 20, 30, 40, 50, 40));
    assertEquals(3, rects.size());
    assertRect(rects.get(0), 10.5 - W / 2, 20 - W / 2, 19 + W, W);
    assertRect(rects.get(1), 30.5 - W / 2, 20 - W / 2, W, 20 + W);
    assertRect(rects.get(2), 31.5 - W / 2, 40 - W / 2, 19 + W, W);
  }

  @Test
  void aSlopeInksEachColumnWhereItPasses() {
    List<Rect> rects = fill(line(200, 0, 0, 4, 8));
    assertEquals(5, rects.size());
    for (int c = 0; c < 4; c++) {
      assertRect(rects.get(c), c + 0.5 - W / 2, 2 * c - W / 2, W, 2 + W);
    }
    assertRect(rects.get(4), 4.5 - W / 2, 8 - W / 2, W, W);
  }

  @Test
  void aDenseZigzagFillsItsBandAsOneBlock() {
    double[] xy = new double[400];
    for (int c = 0; c < 100; c++) {
      xy[4 * c] = c + 0.5;
      xy[4 * c + 1] = 0;
      xy[4 * c + 2] = c + 0.5;
      xy[4 * c + 3] = 100;
    }
    List<Rect> rects = fill(line(200, xy));
    // every column holds a vertical stroke over the whole band: one rectangle, where a path has 200 segments
    assertEquals(1, rects.size());
    assertRect(rects.get(0), 0.5 - W / 2, -W / 2, 99 + W, 100 + W);
  }

  @Test
  void aGapLeavesItsColumnsEmpty() {
    ColumnExtents c = line(200, 0, 5, 10, 5);
    c.to(Double.NaN, Double.NaN);
    c.to(20, 5);
    c.to(30, 5);
    List<Rect> rects = fill(c);
    assertEquals(2, rects.size());
    assertRect(rects.get(0), 0.5 - W / 2, 5 - W / 2, 10 + W, W);
    assertRect(rects.get(1), 20.5 - W / 2, 5 - W / 2, 10 + W, W);
  }

  @Test
  void columnsOffThePlotAreLeftOut() {
    List<Rect> rects = fill(line(100, -1e6, 7, 1e6, 7));
    assertEquals(1, rects.size());
    assertRect(rects.get(0), 0.5 - W / 2, 7 - W / 2, 99 + W, W);
  }

  @Test
  void aResetForgetsTheLineBefore() {
    ColumnExtents c = line(50, 0, 1, 40, 1);
    c.reset(50);
    c.to(10, 3);
    List<Rect> rects = fill(c);
    assertEquals(1, rects.size());
    assertRect(rects.get(0), 10.5 - W / 2, 3 - W / 2, W, W);
  }
}
