package helperlab.charts.export;

import helperlab.charts.style.Palette;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.Rectangle;

/**
 * The legend's ramp of the maps' colour for the share of runs down (phase diagram, price map): a title, then eleven
 * cells from 0% to 100%, labelled at 0, 50 and 100%.
 */
final class DownShareRamp {
  private DownShareRamp() {}

  /**
   * Draws the ramp with its top-left corner at ({@code x}, {@code y}) in the graphics' current font, and returns the
   * x where it ends.
   */
  static int draw(Graphics2D g, AwtTheme style, String title, int x, int y, int cellWidth) {
    FontMetrics fm = g.getFontMetrics();
    g.setColor(style.text());
    g.drawString(title, x, y + 14);
    x += fm.stringWidth(title) + 8;
    for (int i = 0; i <= 10; i++) {
      double s = i / 10.0;
      g.setColor(Awt.colour(Palette.down(s)));
      g.fill(new Rectangle(x + i * cellWidth, y, cellWidth, 20));
      if (i % 5 == 0) {
        g.setColor(Awt.colour(Palette.textOnDown(s)));
        String label = (i * 10) + "%";
        g.drawString(label, x + i * cellWidth + (cellWidth - fm.stringWidth(label)) / 2, y + 15);
      }
    }
    return x + 11 * cellWidth;
  }
}
