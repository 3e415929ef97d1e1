package helperlab.lab.view;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.css.CssMetaData;
import javafx.css.SimpleStyleableObjectProperty;
import javafx.css.Styleable;
import javafx.css.StyleableProperty;
import javafx.css.converter.PaintConverter;
import javafx.scene.Scene;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;

/**
 * The main window's root, whose background the scene paints: the theme gives its colour
 * ({@code -lab-window-fill}) and {@link #fill(Scene)} makes it the scene's fill.
 *
 * <p>The scene clears every repainted region with its fill before anything is drawn, and JavaFX paints
 * the background of every region between the window's root and the node it starts painting from: a
 * background on the root itself was a second fill, of the same pixels, under every chart's new frame.
 */
public final class WindowRoot extends BorderPane {
  private static final CssMetaData<WindowRoot, Paint> WINDOW_FILL =
      new CssMetaData<>("-lab-window-fill", PaintConverter.getInstance(), Color.WHITE) {
        @Override
        public boolean isSettable(WindowRoot r) {
          return !r.windowFill.isBound();
        }

        @Override
        @SuppressWarnings("unchecked")
        public StyleableProperty<Paint> getStyleableProperty(WindowRoot r) {
          return (StyleableProperty<Paint>) r.windowFill;
        }
      };

  private static final List<CssMetaData<? extends Styleable, ?>> CSS;

  static {
    List<CssMetaData<? extends Styleable, ?>> l = new ArrayList<>(Region.getClassCssMetaData());
    l.add(WINDOW_FILL);
    CSS = Collections.unmodifiableList(l);
  }

  private final ObjectProperty<Paint> windowFill =
      new SimpleStyleableObjectProperty<>(WINDOW_FILL, this, "windowFill", Color.WHITE);

  /** The colour of the window behind everything (from the theme). */
  public ObjectProperty<Paint> windowFillProperty() {
    return windowFill;
  }

  /** Makes {@code scene} (whose root this is) paint the window's colour. */
  public void fill(Scene scene) {
    scene.fillProperty().bind(windowFill);
  }

  public static List<CssMetaData<? extends Styleable, ?>> getClassCssMetaData() {
    return CSS;
  }

  @Override
  public List<CssMetaData<? extends Styleable, ?>> getCssMetaData() {
    return CSS;
  }
}
