package helperlab.lab.view;

import helperlab.lab.chart.AfterFirstFrame;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.skin.ComboBoxListViewSkin;

/**
 * JavaFX's combo box skin, whose list (the popup's content) joins the box as a hidden child only after the window's
 * first frame. JavaFX keeps it there so that it is styled before the popup first opens; styled before the first frame,
 * the lab's eleven lists (each making and styling a cell to measure it) were a quarter of that frame's styling. Once
 * the list is in, the box is as JavaFX builds it. Set on every combo box by lab.css ({@code -fx-skin}).
 */
public final class DeferredListComboSkin<T> extends ComboBoxListViewSkin<T> {
  public DeferredListComboSkin(ComboBox<T> box) {
    super(box);
    Node list = getPopupContent();
    getChildren().remove(list);
    AfterFirstFrame.run(box, () -> {
      if (list.getParent() == null) { // not opened meanwhile (the popup then holds it)
        getChildren().add(list);
      }
    });
  }
}
