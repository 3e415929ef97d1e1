package helperlab.charts.export;

import helperlab.charts.style.ChartTheme;
import java.awt.Color;

/** A {@link ChartTheme}'s colours as Java2D colours. */
record AwtTheme(Color background, Color plot, Color text, Color muted, Color grid, Color cursor) {
  static AwtTheme of(ChartTheme t) {
    return new AwtTheme(Awt.colour(t.background()), Awt.colour(t.plot()), Awt.colour(t.text()),
        Awt.colour(t.muted()), Awt.colour(t.grid()), Awt.colour(t.cursor()));
  }
}
