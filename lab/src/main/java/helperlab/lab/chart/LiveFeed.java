package helperlab.lab.chart;

import helperlab.charts.PlottedRun;
import java.util.Collection;

/**
 * A live run streaming into the charts (slot 0), with an optional second one growing beside it (slot 1): how many
 * of each one's samples the charts have, so each frame appends only what arrived since.
 */
final class LiveFeed {
  private final PlottedRun live;
  private final PlottedRun overlay;
  private int liveShown;
  private int overlayShown;

  /** {@code overlay} may be null. */
  LiveFeed(PlottedRun live, PlottedRun overlay) {
    this.live = live;
    this.overlay = overlay;
  }

  /** Appends both runs' new samples to every chart; returns how many rows of the live run were added. */
  int pull(Collection<LabChart> charts) {
    PlottedRun o = overlay;
    if (o != null) {
      int m = o.samples().size();
      if (m > overlayShown) {
        for (LabChart c : charts) {
          c.append(1, o, overlayShown, m);
        }
        overlayShown = m;
      }
    }
    int n = live.samples().size();
    int from = liveShown;
    if (n <= from) {
      return 0;
    }
    for (LabChart c : charts) {
      c.append(0, live, from, n);
    }
    liveShown = n;
    return n - from;
  }
}
