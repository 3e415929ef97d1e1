package helperlab.lab.viewmodel;

import helperlab.charts.style.TimeFormat;
import helperlab.charts.PlottedRun;
import helperlab.lab.live.LiveRun;
import helperlab.lab.live.LiveSettings;
import helperlab.lab.live.LiveSource;
import helperlab.lab.live.LiveState;
import helperlab.lab.live.LiveStatus;
import helperlab.lab.live.Speed;
import helperlab.model.MachineSpec;
import helperlab.model.RunRecord;
import java.util.concurrent.Executor;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The live view: settings for the next run, the run in progress (from a {@link LiveSource}), the big
 * helper button, the Trigger button (a spike, slowdown or cost jump now, for a minute; {@link LiveTriggers}),
 * the clock controls ({@link LiveClock}) and the readouts ({@link LiveReadouts}). {@link #poll()} copies
 * the run's latest status into the readouts; the window calls it every frame.
 */
public final class LiveViewModel {
  private final LiveSource source;
  private final RunLibrary library;
  private final Notices notices;
  private final Executor ui;

  private final StringProperty policy = new SimpleStringProperty();
  private final StringProperty scenario = new SimpleStringProperty();
  private final StringProperty machine = new SimpleStringProperty();
  private final LongProperty seed = new SimpleLongProperty();
  private final StringProperty admission = new SimpleStringProperty();
  private final ObjectProperty<Speed> speed = new SimpleObjectProperty<>(Speed.X10);

  private final ObjectProperty<LiveRun> run = new SimpleObjectProperty<>();
  private final ObjectProperty<LiveState> state = new SimpleObjectProperty<>(LiveState.READY);
  private final DoubleProperty duration = new SimpleDoubleProperty();
  private final LiveReadouts readouts = new LiveReadouts();
  private final ObjectProperty<RunRecord> lastRecord = new SimpleObjectProperty<>();
  private final LiveTriggers triggers = new LiveTriggers();
  private final OwnPolicies policies = new OwnPolicies();
  private final PolicyFormViewModel form;
  private final LiveClock clock;

  public LiveViewModel(LiveSource source, RunLibrary library, Notices notices, Executor ui, LiveSettings initial,
      Speed initialSpeed) {
    this.source = source;
    this.library = library;
    this.notices = notices;
    this.ui = ui;
    apply(initial);
    this.form = new PolicyFormViewModel(policies, policy, notices, ui);
    speed.set(initialSpeed);
    this.clock = new LiveClock(run, state, speed, this::isActive);
  }

  public void apply(LiveSettings s) {
    if (s.own() != null) {
      policies.add(s.own());
    }
    policy.set(s.policy());
    scenario.set(s.scenario());
    machine.set(s.machine());
    seed.set(s.seed());
    admission.set(s.admission());
  }

  /** The settings chosen now; throws with a message naming the field if one is not valid. */
  public LiveSettings settings() {
    return new LiveSettings(policy.get(), scenario.get(), machine.get(), seed.get(), admission.get(),
        policies.own(policy.get()).orElse(null));
  }

  /** Opens a policy file and chooses its policy for the next run; false, said in the banner, when it cannot. */
  public boolean openPolicyFile(java.nio.file.Path file) {
    return form.open(file);
  }

  /** The chosen policy's knobs, to change before the next run and save as a file. */
  public PolicyFormViewModel form() {
    return form;
  }

  /** The policies to choose from: the built-ins and those opened from files. */
  public OwnPolicies policies() {
    return policies;
  }

  public String sourceName() {
    return source.name();
  }

  public boolean canChangeSpeed() {
    return source.canChangeSpeed();
  }

  // ---- actions ----------------------------------------------------------------------------------

  /** Starts a new run with the chosen settings (ending the current one, which goes to the history). */
  public boolean start() {
    if (!form.commit()) {
      return false; // a field of the policy form is wrong: said in the banner
    }
    LiveSettings s;
    try {
      s = settings();
    } catch (IllegalArgumentException e) {
      notices.error("Cannot start the live run: " + e.getMessage());
      return false;
    }
    endCurrent();
    LiveRun[] self = new LiveRun[1];
    LiveRun r = source.start(s, speed.get().factor(), new HistorySaver(library, ui,
        (record, kept, error) -> onFinished(self[0], record, kept, error),
        message -> {
          notices.error(message);
          if (run.get() == self[0]) {
            state.set(LiveState.FAILED);
          }
        }));
    self[0] = r;
    clearReadouts();
    readouts.clearPresses();
    duration.set(r.status().durationS());
    run.set(r);
    state.set(LiveState.RUNNING);
    return true;
  }

  /** The big helper button: a batch into the running system now; starts a run if none is going. */
  public void pressHelper() {
    if (!isActive() && !start()) {
      return;
    }
    run.get().press();
    readouts.pressed(run.get().status().timeS()); // the run's clock as the press is sent: its batch arrives then
  }

  /**
   * The Trigger button: the chosen trigger starts in the running system now, for a minute; starts a
   * run if none is going. A trigger still going is left alone (one at a time).
   */
  public void fireTrigger() {
    TriggerChoice c = triggers.toFire();
    if (c == null || !isActive() && !start()) {
      return;
    }
    if (!triggers.send(run.get(), c)) {
      notices.error("This live run (" + source.name() + ") cannot take a trigger: start an exhibit with a trigger "
          + "in the Remote view instead.");
    }
  }

  public void togglePause() {
    clock.togglePause();
  }

  /** Ends the current run (it goes to the history) and clears the charts. */
  public void reset() {
    endCurrent();
    run.set(null);
    state.set(LiveState.READY);
    clearReadouts();
  }

  /** Ends the current run and waits (a few seconds at most) until its record is saved (window closing). */
  public void shutdown() {
    LiveRun r = run.get();
    if (r != null && isActive()) {
      try {
        r.stopAndWait(10_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Jumps the running clock ahead by {@code seconds} (as fast as the source can). */
  public void skip(double seconds) {
    clock.skip(seconds);
  }

  private void endCurrent() {
    LiveRun r = run.get();
    if (r != null && isActive()) {
      r.stop();
    }
  }

  private void onFinished(LiveRun from, RunRecord record, boolean kept, String saveError) {
    if (run.get() == from) {
      poll();
      state.set(LiveState.FINISHED);
      triggers.ended();
    }
    if (!kept) {
      return; // stopped before anything happened: nothing worth keeping
    }
    lastRecord.set(record);
    if (saveError != null) {
      notices.error(saveError);
      return;
    }
    library.refresh();
    notices.info(source.runName() + " ended at " + TimeFormat.elapsed(PlottedRun.dataEnd(record)) + " and was saved to the history as " + record.id());
  }

  /** Copies the run's latest status into the readouts (every frame). */
  public void poll() {
    LiveRun r = run.get();
    if (r == null) {
      return;
    }
    LiveStatus s = r.status();
    readouts.show(s);
    boolean active = s.state() == LiveState.RUNNING || s.state() == LiveState.PAUSED;
    triggers.update(s.trigger(), s.timeS(), active && isActive());
    if (s.state() == LiveState.FINISHED || s.state() == LiveState.FAILED) {
      state.set(s.state());
    }
  }

  private void clearReadouts() {
    triggers.clear();
    readouts.clear();
  }

  public boolean isActive() {
    return state.get() == LiveState.RUNNING || state.get() == LiveState.PAUSED;
  }

  /** The live run as the charts and export draw it, or null before a run. */
  public PlottedRun plotted() {
    LiveRun r = run.get();
    if (r == null) {
      return null;
    }
    LiveSettings s = r.settings();
    return new PlottedRun("live " + s.policy() + " s" + s.seed(), r.samples(),
        MachineSpec.builtIn(s.machine()).memoryMb());
  }

  // ---- properties -------------------------------------------------------------------------------

  public StringProperty policyProperty() {
    return policy;
  }

  public StringProperty scenarioProperty() {
    return scenario;
  }

  public StringProperty machineProperty() {
    return machine;
  }

  public LongProperty seedProperty() {
    return seed;
  }

  public StringProperty admissionProperty() {
    return admission;
  }

  public ObjectProperty<Speed> speedProperty() {
    return speed;
  }

  public ReadOnlyObjectProperty<LiveRun> runProperty() {
    return run;
  }

  public ReadOnlyObjectProperty<LiveState> stateProperty() {
    return state;
  }

  public DoubleProperty durationProperty() {
    return duration;
  }

  /** The run's clock, processes, queue, memory and tasks, and the presses of the big button, as shown now. */
  public LiveReadouts readouts() {
    return readouts;
  }

  /** The Trigger button's choice, the run's triggers and their recovery. */
  public LiveTriggers triggers() {
    return triggers;
  }

  /** The record of the last run that ended. */
  public ReadOnlyObjectProperty<RunRecord> lastRecordProperty() {
    return lastRecord;
  }
}
