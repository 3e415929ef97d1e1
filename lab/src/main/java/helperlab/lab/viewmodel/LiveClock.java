package helperlab.lab.viewmodel;

import helperlab.lab.live.LiveRun;
import helperlab.lab.live.LiveState;
import helperlab.lab.live.Speed;
import java.util.function.BooleanSupplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.value.ObservableValue;

/**
 * The Live view's clock controls over the run going: pause and resume, a jump ahead, and the speed chosen, which a run
 * going takes at once. The run, its state and the speed are {@link LiveViewModel}'s.
 */
final class LiveClock {
  private final ObservableValue<LiveRun> run;
  private final ObjectProperty<LiveState> state;
  private final BooleanSupplier active;

  LiveClock(ObservableValue<LiveRun> run, ObjectProperty<LiveState> state, ObservableValue<Speed> speed,
      BooleanSupplier active) {
    this.run = run;
    this.state = state;
    this.active = active;
    speed.addListener((o, a, b) -> {
      LiveRun r = run.getValue();
      if (r != null && b != null && active.getAsBoolean()) {
        r.setSpeed(b.factor());
      }
    });
  }

  void togglePause() {
    LiveRun r = run.getValue();
    if (r == null) {
      return;
    }
    if (state.get() == LiveState.RUNNING) {
      r.pause();
      state.set(LiveState.PAUSED);
    } else if (state.get() == LiveState.PAUSED) {
      r.resume();
      state.set(LiveState.RUNNING);
    }
  }

  /** Jumps the running clock ahead by {@code seconds} (as fast as the source can). */
  void skip(double seconds) {
    LiveRun r = run.getValue();
    if (r != null && active.getAsBoolean()) {
      r.skipTo(r.status().timeS() + seconds);
    }
  }
}
