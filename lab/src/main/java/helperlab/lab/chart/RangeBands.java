package helperlab.lab.chart;

import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.plugins.XRangeIndicator;
import java.util.ArrayList;
import java.util.List;

/** Shaded time ranges on a chart, e.g. when the link to a cage was down. */
final class RangeBands {
  private final XYChart chart;
  private final LabAxis xAxis;
  private final List<XRangeIndicator> bands = new ArrayList<>();

  RangeBands(XYChart chart, LabAxis xAxis) {
    this.chart = chart;
    this.xAxis = xAxis;
  }

  /** Shades these time ranges ({@code [from, to]} seconds); replaces the bands shown before. */
  void show(List<double[]> ranges, String label) {
    if (ranges.size() == bands.size()) {
      boolean same = true;
      for (int i = 0; i < ranges.size() && same; i++) {
        same = bands.get(i).getLowerBound() == ranges.get(i)[0] && bands.get(i).getUpperBound() == ranges.get(i)[1];
      }
      if (same) {
        return; // called every frame: leave the plugins alone unless a band changed
      }
    }
    chart.getPlugins().removeAll(bands);
    bands.clear();
    for (double[] r : ranges) {
      XRangeIndicator band = new XRangeIndicator(xAxis, r[0], r[1], label);
      band.setEditable(false);
      bands.add(band);
    }
    chart.getPlugins().addAll(bands);
  }

  /** The shaded bands shown (from, to). */
  List<double[]> ranges() {
    List<double[]> out = new ArrayList<>();
    for (XRangeIndicator b : bands) {
      out.add(new double[] {b.getLowerBound(), b.getUpperBound()});
    }
    return out;
  }
}
