package helperlab.lab.live;

import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.policy.AdmissionMode;
import helperlab.sim.SimSetup;
import helperlab.workload.ScenarioSpec;
import java.util.List;
import java.util.function.LongSupplier;

/** Live runs from the embedded simulator, in real time or faster. */
public final class SimulatorSource implements LiveSource {
  private volatile Calibration calibration;
  private final double sampleEveryS;
  private final double durationS;
  /** The wall clock live runs follow, in nanoseconds. */
  private final LongSupplier wallNanos;

  /** The seed calibration (read when the first run starts), 1 s samples, the scenario's own length. */
  public SimulatorSource() {
    this(null, 1.0, 0);
  }

  /**
   * @param sampleEveryS how often the charts get a point (virtual seconds)
   * @param durationS run length in virtual seconds; 0 for the scenario's own (an hour)
   * @param calibration the model's constants; null for the seed server's
   */
  public SimulatorSource(Calibration calibration, double sampleEveryS, double durationS) {
    this(calibration, sampleEveryS, durationS, System::nanoTime);
  }

  /** As above, with the wall clock runs follow given: a test moves it and sees exactly what a second of it does. */
  public SimulatorSource(Calibration calibration, double sampleEveryS, double durationS, LongSupplier wallNanos) {
    if (!(sampleEveryS > 0)) {
      throw new IllegalArgumentException("sample interval must be > 0 s, got " + sampleEveryS);
    }
    this.calibration = calibration;
    this.sampleEveryS = sampleEveryS;
    this.durationS = durationS;
    this.wallNanos = wallNanos;
  }

  @Override
  public String name() {
    return "embedded simulator";
  }

  @Override
  public boolean canChangeSpeed() {
    return true;
  }

  @Override
  public LiveRun start(LiveSettings settings, double speed, LiveRun.Listener listener) {
    SimSetup setup = setup(settings);
    ScenarioSpec mix = ScenarioSpec.builtIn(LiveSettings.BUTTON_ONLY.equals(settings.scenario()) ? "calm"
        : settings.scenario());
    SimulatedRun run = new SimulatedRun(settings, setup, mix, speed, listener, wallNanos);
    Thread t = new Thread(run, "live-simulation");
    t.setDaemon(true);
    t.start();
    return run;
  }

  /** The simulation a live run with these settings runs (recording, so its record has every event). */
  private Calibration calibration() {
    Calibration c = calibration;
    if (c == null) {
      c = Calibration.defaults();
      calibration = c;
    }
    return c;
  }

  public SimSetup setup(LiveSettings s) {
    Calibration calibration = calibration();
    MachineSpec machine = MachineSpec.builtIn(s.machine());
    AdmissionMode admission = AdmissionMode.of(s.admission());
    if (LiveSettings.BUTTON_ONLY.equals(s.scenario())) {
      double d = durationS > 0 ? durationS : 3600;
      return new SimSetup(LiveSettings.BUTTON_ONLY, s.seed(), List.of(), d, s.policySpec(), machine,
          calibration, admission, PresetCatalog.defaults(), true, sampleEveryS);
    }
    ScenarioSpec scenario = ScenarioSpec.builtIn(s.scenario());
    if (durationS > 0) {
      scenario = scenario.withDuration(durationS);
    }
    SimSetup base = SimSetup.of(scenario, s.policySpec(), machine, s.seed(), admission, calibration, true);
    return new SimSetup(base.scenario(), base.seed(), base.tasks(), base.durationS(), base.policy(), base.machine(),
        base.calibration(), base.admission(), base.presets(), true, sampleEveryS);
  }
}
