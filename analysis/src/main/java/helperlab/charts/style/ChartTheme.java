package helperlab.charts.style;

/**
 * A chart's furniture (CSS hex): the cell's background, the plot's, titles and legend text, tick
 * labels, grid lines and the time cursor. The window's stylesheets define the same colours as
 * {@code -lab-chart-bg}, {@code -lab-plot-bg}, {@code -lab-text}, {@code -lab-muted}, {@code -lab-grid}
 * and {@code -lab-cursor}; {@code OneChartStyleTest} holds the two equal.
 */
public record ChartTheme(String name, String background, String plot, String text, String muted, String grid,
    String cursor) {
  public static final ChartTheme LIGHT = new ChartTheme("light", "#ffffff", "#ffffff", "#1f2937", "#6b7280", "#e5e7eb",
      "#111827");
  public static final ChartTheme DARK = new ChartTheme("dark", "#161b23", "#11151c", "#e5e7eb", "#9ca3af", "#252d3a",
      "#facc15");

  /** {@code dark} for the dark theme, anything else the light one. */
  public static ChartTheme named(String name) {
    return "dark".equalsIgnoreCase(name) ? DARK : LIGHT;
  }
}
