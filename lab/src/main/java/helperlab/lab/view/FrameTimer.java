package helperlab.lab.view;

import helperlab.lab.viewmodel.MainViewModel;
import javafx.animation.AnimationTimer;

/**
 * The frame timer that streams live data and plays the timeline. It runs only while something moves
 * on its own: a live run, an exhibit, or the timeline playing (an idle window then costs next to nothing).
 */
final class FrameTimer {
  private final MainViewModel vm;
  private final ViewTabs views;
  private final AnimationTimer frames;
  private boolean attached;
  private long lastFrame;
  private long frameCount;

  FrameTimer(MainViewModel vm, ViewTabs views) {
    this.vm = vm;
    this.views = views;
    frames = new AnimationTimer() {
      @Override
      public void handle(long now) {
        double dt = lastFrame == 0 ? 0 : Math.min(0.25, (now - lastFrame) / 1e9);
        lastFrame = now;
        frameCount++;
        views.frame();
        vm.timeline().advance(dt);
      }
    };
    vm.live().stateProperty().addListener(o -> update());
    vm.timeline().playingProperty().addListener(o -> update());
    vm.remote().exhibit().stateProperty().addListener(o -> update());
  }

  /** The window is on screen: frames may run. */
  void attach() {
    attached = true;
    update();
  }

  void detach() {
    attached = false;
    frames.stop();
  }

  private void update() {
    if (!attached) {
      return;
    }
    if (vm.live().isActive() || vm.timeline().playingProperty().get() || vm.remote().exhibit().isActive()) {
      frames.start();
    } else {
      frames.stop();
      lastFrame = 0;
      views.frame(); // the last samples and readouts of a run that just ended
    }
  }

  long frameCount() {
    return frameCount;
  }
}
