package helperlab.lab.remote;

import helperlab.charts.LiveSamples;
import helperlab.model.Task;
import helperlab.protocol.ctl.ExhibitStarted;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The simulator's replay beside a cage exhibit: one table for the whole run (the window streams it from the first
 * frame), written by a {@link ReplayOverlay} once the cage has answered with the images it plays; until then, or
 * when none could be made, the stream's news is passed over.
 */
final class ExhibitReplay {
  /** The overlay for the exhibit's reply, writing into the given table. */
  private final BiFunction<ExhibitStarted, LiveSamples, ReplayOverlay> overlayFactory;
  private final LiveSamples samples = new LiveSamples();
  private volatile ReplayOverlay overlay;

  ExhibitReplay(BiFunction<ExhibitStarted, LiveSamples, ReplayOverlay> overlayFactory) {
    this.overlayFactory = overlayFactory;
  }

  /** Makes the overlay for the cage's answer; a RuntimeException says why there is none. */
  void start(ExhibitStarted started) {
    overlay = overlayFactory.apply(started, samples);
  }

  /** The real run's clock reached {@code t}. */
  void advanceTo(double t) {
    ReplayOverlay o = overlay;
    if (o != null) {
      o.advanceTo(t);
    }
  }

  /** An original batch of {@code task} was submitted at run time {@code t}. */
  void arrived(int task, double t) {
    ReplayOverlay o = overlay;
    if (o != null) {
      o.arrived(task, t);
    }
  }

  /** The tasks replayed, by id (none until the cage has answered). */
  Map<Integer, Task> tasks() {
    ReplayOverlay o = overlay;
    return o == null ? Map.of() : o.tasks();
  }

  LiveSamples samples() {
    return samples;
  }
}
