package helperlab.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

/**
 * The frame rate's control: a window of the same size showing one number that changes every pulse, so
 * every pulse paints a little and nothing else is asked of the toolkit. What it misses of the 60 Hz pulse
 * is the host's (its scheduler, the collector, the X server), not the lab's: the lab's own figures are read
 * against it.
 */
final class PulseControl {
  private PulseControl() {}

  /** Counts frames for {@code seconds} of the frame timer's clock in a {@code width} × {@code height} window. */
  static FrameStats measure(double seconds, double width, double height) throws Exception {
    List<Long> times = new ArrayList<>();
    CompletableFuture<Void> done = new CompletableFuture<>();
    Stage[] stage = new Stage[1];
    FxWait.run(() -> {
      Label count = new Label("0");
      stage[0] = new Stage();
      stage[0].setTitle("pulse control");
      stage[0].setScene(new Scene(new StackPane(count), width, height));
      stage[0].show();
      new AnimationTimer() {
        @Override
        public void handle(long now) {
          times.add(now);
          count.setText(Integer.toString(times.size()));
          if (now - times.get(0) >= seconds * 1e9) {
            stop();
            done.complete(null);
          }
        }
      }.start();
    });
    try {
      done.get(Math.round(seconds) + 60, TimeUnit.SECONDS);
    } finally {
      FxWait.run(() -> stage[0].close());
    }
    return FrameStats.of(times);
  }
}
