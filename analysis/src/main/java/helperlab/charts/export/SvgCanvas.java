package helperlab.charts.export;

import org.jfree.svg.SVGGraphics2D;

/** An SVG canvas whose element ids are fixed, so that the same chart gives the same file byte for byte. */
final class SvgCanvas {
  private SvgCanvas() {}

  /**
   * JFreeSVG prefixes its clip and gradient ids with the clock's nanoseconds by default, which made every redrawn
   * SVG differ from the committed one; a fixed prefix from the chart's name keeps ids unique per file and repeatable.
   */
  static SVGGraphics2D of(int width, int height, String name) {
    SVGGraphics2D g = new SVGGraphics2D(width, height);
    g.setDefsKeyPrefix(name.replaceAll("[^A-Za-z0-9]", "-") + "-");
    return g;
  }
}
