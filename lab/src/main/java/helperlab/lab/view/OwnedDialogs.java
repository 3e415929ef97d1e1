package helperlab.lab.view;

import java.util.function.Function;
import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.scene.control.Dialog;
import javafx.stage.Modality;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Every dialog of the lab's window goes through here: owned by the window, centred on it, and not modal. Under a
 * real window manager (openbox) a modal dialog un-maximised the main window: JavaFX disables the owner while a
 * modal dialog shows, by pinning its minimum and maximum size to its current size, and a manager cannot keep a
 * window of fixed size maximised; it then came back at 900×600. A dialog that is only owned leaves the window
 * alone (the code that asks still waits for the answer: {@code showAndWait} does not need modality).
 */
final class OwnedDialogs {
  /** How many times a dialog is put back in the middle after the manager placed it elsewhere. */
  private static final int PLACEMENTS = 8;

  private OwnedDialogs() {}

  /** {@code d} owned by {@code owner}, without modality, centred on it once shown. Call before showing it. */
  static <T extends Dialog<?>> T own(T d, Window owner) {
    d.initOwner(owner);
    d.initModality(Modality.NONE);
    d.setOnShown(e -> keepCentred(d, owner));
    // Ctrl+W closes the dialog, as it closes the main window there: the dialog's own scene would not pass it on
    d.getDialogPane().addEventFilter(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
      if (e.getCode() == javafx.scene.input.KeyCode.W && e.isShortcutDown()) {
        e.consume();
        d.getDialogPane().getScene().getWindow().hide();
      }
    });
    return d;
  }

  /**
   * Centres {@code d} on {@code owner} now and again when the manager moves it on mapping: a manager places a new
   * window where it likes (openbox: the top-left) after JavaFX has put it in the middle, and JavaFX, believing it
   * already there, does not ask again. Only the first few moves are undone, so the user can still drag it.
   */
  private static void keepCentred(Dialog<?> d, Window owner) {
    Window w = d.getDialogPane().getScene().getWindow();
    int[] left = {PLACEMENTS};
    boolean[] pending = {false};
    InvalidationListener recentre = o -> {
      if (left[0] > 0 && !pending[0]) {
        pending[0] = true;
        Platform.runLater(() -> { // once the manager's move and resize have both been heard, not from inside them
          pending[0] = false;
          if (centre(d, owner)) {
            left[0]--;
          }
        });
      }
    };
    w.xProperty().addListener(recentre);
    w.yProperty().addListener(recentre);
    w.widthProperty().addListener(recentre);
    w.heightProperty().addListener(recentre);
    recentre.invalidated(null);
  }

  /** Moves {@code d} to the middle of {@code owner}; whether it had to. */
  private static boolean centre(Dialog<?> d, Window owner) {
    if (owner == null || !Double.isFinite(d.getWidth()) || !Double.isFinite(d.getHeight())) {
      return false;
    }
    double x = owner.getX() + Math.max(0, (owner.getWidth() - d.getWidth()) / 2);
    double y = owner.getY() + Math.max(0, (owner.getHeight() - d.getHeight()) / 2);
    if (Math.abs(d.getX() - x) < 8 && Math.abs(d.getY() - y) < 8) {
      return false;
    }
    d.setX(x);
    d.setY(y);
    return true;
  }

  /**
   * A file or folder chooser's answer, the owner maximised again afterwards if it was. The choosers are the
   * desktop's own and modal: JavaFX disables their owner the way it did for modal dialogs, and the manager drops
   * the maximised state; it is asked for again once the owner is enabled again.
   */
  static <T> T keepMaximised(Window owner, Function<Window, T> chooser) {
    boolean was = owner instanceof Stage s && s.isMaximized();
    T answer = chooser.apply(owner);
    if (was) {
      Stage s = (Stage) owner;
      Platform.runLater(() -> {
        s.setMaximized(false); // JavaFX may still believe it maximised: then only a change is heard
        s.setMaximized(true);
      });
    }
    return answer;
  }
}
