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

  /** The control's frames and what each cost the FX and render threads (the toolkit's floor at this size). */
  record Measured(FrameStats frames, double cpuMsPerFrame) {}

  /** Counts frames for {@code seconds} of the frame timer's clock in a {@code width} × {@code height} window. */
  static Measured measure(double seconds, double width, double height) throws Exception {
    java.lang.management.ThreadMXBean threads = java.lang.management.ManagementFactory.getThreadMXBean();
    long renderTid = RenderThread.id();
    long fxTid = FxWait.call(() -> Thread.currentThread().getId());
    long[] cpu = new long[2];
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
          if (times.isEmpty()) {
            cpu[0] = cpuOf(threads, fxTid, renderTid);
          }
          times.add(now);
          count.setText(Integer.toString(times.size()));
          if (now - times.get(0) >= seconds * 1e9) {
            cpu[1] = cpuOf(threads, fxTid, renderTid);
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
    FrameStats frames = FrameStats.of(times);
    return new Measured(frames, (cpu[1] - cpu[0]) / 1e6 / Math.max(1, frames.frames()));
  }

  /** CPU time of the FX thread and the render thread so far, in nanoseconds (the render thread's when reachable). */
  static long cpuOf(java.lang.management.ThreadMXBean threads, long fxTid, long renderTid) {
    return threads.getThreadCpuTime(fxTid) + (renderTid < 0 ? 0 : threads.getThreadCpuTime(renderTid));
  }
}
