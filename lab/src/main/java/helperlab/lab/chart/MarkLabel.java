package helperlab.lab.chart;

import java.util.ArrayList;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.scene.text.Font;
import javafx.scene.text.Text;

/**
 * Keeps a trigger mark's label whole inside its plot. chartfx centres a band's label on the band and
 * sizes it to its text; a trigger at the run's end (every live one) then had its label cut at the plot's
 * right edge, and a long one ("spike x3 · down before the trigger (tipped at 1:23)") is wider than a
 * laptop's plot. Here the label says as much as fits, in whole parts — all of it, then without the
 * bracket, then what came before the first " · " — moved sideways into the plot; only a plot narrower
 * than the shortest part cuts it with an ellipsis. The whole text stays in the label's tooltip.
 */
final class MarkLabel {
  private final Label label;
  private final String full;

  MarkLabel(Label label, String full) {
    this.label = label;
    this.full = full;
    Tooltip.install(label, new Tooltip(full));
  }

  /** The text to show for {@code room} px of plot: call before chartfx places the label. */
  String fit(Bounds plot) {
    double room = plot.getWidth() - label.snappedLeftInset() - label.snappedRightInset() - 2;
    List<String> forms = forms(full);
    String text = forms.get(forms.size() - 1);
    for (String f : forms) {
      if (width(f, label.getFont()) <= room) {
        text = f;
        break;
      }
    }
    double pref = width(text, label.getFont()) > room && plot.getWidth() > 0 ? Math.floor(plot.getWidth())
        : Region.USE_COMPUTED_SIZE;
    if (label.getPrefWidth() != pref) { // set only on a change: each set lays the chart out again
      label.setPrefWidth(pref);
    }
    return text;
  }

  /** After chartfx placed the label: moved sideways to lie inside the plot. */
  void keepInside(Bounds plot) {
    if (!label.isVisible() || label.getParent() == null || !(plot.getWidth() > 0)) {
      return;
    }
    label.setLayoutX(Math.max(plot.getMinX(), Math.min(label.getLayoutX(), plot.getMaxX() - label.getWidth())));
  }

  /** The label's forms, longest first: whole, without a trailing "(…)", the part before the first " · ". */
  static List<String> forms(String full) {
    List<String> out = new ArrayList<>();
    out.add(full);
    int bracket = full.lastIndexOf(" (");
    if (bracket > 0 && full.endsWith(")")) {
      out.add(full.substring(0, bracket));
    }
    int dot = full.indexOf(" · ");
    if (dot > 0) {
      out.add(full.substring(0, dot));
    }
    return out;
  }

  private static double width(String s, Font font) {
    Text t = new Text(s);
    t.setFont(font);
    return Math.ceil(t.getLayoutBounds().getWidth());
  }
}
