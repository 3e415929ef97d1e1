package helperlab.lab.chart;

import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.stage.Window;

/**
 * Runs an action once a node's window has drawn its first frame with the node in it: what that frame can do without
 * (the charts of a grid, which cost more than the rest of the window together) waits for it, so the window shows
 * sooner. The action runs between pulses, after the frame: the pulse that follows draws what it built.
 */
public final class AfterFirstFrame {
  private AfterFirstFrame() {}

  public static void run(Node node, Runnable action) {
    ObservableValue<Boolean> showing = node.sceneProperty().flatMap(Scene::windowProperty)
        .flatMap(Window::showingProperty).orElse(false);
    ChangeListener<Boolean> watch = new ChangeListener<>() {
      @Override
      public void changed(ObservableValue<? extends Boolean> o, Boolean was, Boolean now) {
        if (now) {
          showing.removeListener(this);
          afterFrames(action);
        }
      }
    };
    showing.addListener(watch);
    if (showing.getValue()) {
      showing.removeListener(watch);
      afterFrames(action);
    }
  }

  /**
   * The frame is drawn when the second pulse starts (the first pulse lays the window out and hands it to the
   * renderer); the action then runs after that pulse, not in it, so a timer that marks the first frame in the same
   * pulse (the cold-start figure) is not held up by it.
   */
  private static void afterFrames(Runnable action) {
    new AnimationTimer() {
      private int pulses;

      @Override
      public void handle(long now) {
        if (++pulses == 2) {
          stop();
          Platform.runLater(action);
        }
      }
    }.start();
  }
}
