package helperlab.lab.viewmodel;

import helperlab.charts.export.ChartExport;

/** The picture sizes the export dialog offers: the exporter's own defaults, for one chart or for all of them. */
public final class ExportSizes {
  private ExportSizes() {}

  public static int width(boolean allCharts) {
    return allCharts ? ChartExport.DEFAULT_ALL_WIDTH : ChartExport.DEFAULT_WIDTH;
  }

  public static int height(boolean allCharts) {
    return allCharts ? ChartExport.DEFAULT_ALL_HEIGHT : ChartExport.DEFAULT_HEIGHT;
  }
}
