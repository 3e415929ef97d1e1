package helperlab.charts.export;

import java.awt.Color;

/** Colours of an exported chart's furniture (series keep their own colours). */
public record ChartStyle(Color background, Color plot, Color text, Color muted, Color grid, Color cursor) {
  public static final ChartStyle LIGHT = new ChartStyle(Color.WHITE, new Color(0xfbfcfe), new Color(0x1f2937),
      new Color(0x6b7280), new Color(0xe5e7eb), new Color(0x111827));
  public static final ChartStyle DARK = new ChartStyle(new Color(0x111827), new Color(0x0b1220), new Color(0xe5e7eb),
      new Color(0x9ca3af), new Color(0x273244), new Color(0xfacc15));

  public static ChartStyle named(String name) {
    return "dark".equalsIgnoreCase(name) ? DARK : LIGHT;
  }
}
