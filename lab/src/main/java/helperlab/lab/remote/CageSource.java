package helperlab.lab.remote;

import helperlab.lab.live.LiveRun;
import helperlab.lab.live.LiveSettings;
import helperlab.lab.live.LiveSource;
import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.remote.CageClient;
import helperlab.remote.ControlException;
import helperlab.remote.ControlTransport;
import helperlab.workload.Trigger;

/**
 * Live runs from a real cage: each run is an exhibit the cage plays (policy, scenario, seed) and
 * streams back. The source follows the lab's connection: {@link #connectTo} when connected.
 */
public final class CageSource implements LiveSource {
  private volatile CageClient client;
  private volatile ControlTransport transport;
  private volatile MachineSpec machine = MachineSpec.builtIn("cage");
  private volatile double durationS = 60;
  private volatile Trigger trigger;

  /** Runs go to this cage from now on (null: not connected). */
  public void connectTo(CageClient c) {
    client = c;
    transport = c == null ? null : c.transport();
  }

  /** The cage's limits as the simulator's machine, for the replay overlay (from its status). */
  public void machine(MachineSpec m) {
    machine = m;
  }

  /** How long an exhibit runs (the cage's clock; one minute by default). */
  public void durationS(double seconds) {
    if (!(seconds > 0 && seconds <= 3600)) {
      throw new IllegalArgumentException("an exhibit lasts between 0 and 3600 s, got " + seconds);
    }
    durationS = seconds;
  }

  public double durationS() {
    return durationS;
  }

  /**
   * The trigger the next exhibits play (null: none): the simulator's trigger, sent with the exhibit
   * request; the cage plays spikes and slowdowns. It must start within the exhibit.
   */
  public void trigger(Trigger t) {
    if (t != null && t.atS() >= durationS) {
      throw new IllegalArgumentException("the trigger must start within the exhibit's " + durationS + " s, got at_s "
          + t.atS());
    }
    trigger = t;
  }

  public Trigger trigger() {
    return trigger;
  }

  @Override
  public String name() {
    ControlTransport t = transport;
    return t == null ? "cage (not connected)" : "cage over " + t.describe();
  }

  /** The Remote view's word: a cage's run is an exhibit, even once it has ended. */
  @Override
  public String runName() {
    return "Exhibit";
  }

  @Override
  public boolean canChangeSpeed() {
    return false;
  }

  @Override
  public LiveRun start(LiveSettings settings, double speed, LiveRun.Listener listener) {
    CageClient c = client;
    MachineSpec m = machine;
    double d = durationS;
    Trigger t = trigger;
    CageClient use = c != null ? c : new CageClient(new ControlTransport() {
      @Override
      public helperlab.remote.LineChannel open() throws ControlException {
        throw new ControlException(ControlException.Kind.UNREACHABLE, "not connected to a cage: connect first");
      }

      @Override
      public String describe() {
        return "no cage";
      }
    });
    return new RemoteRun(settings, d, t, use, use.transport(), (reply, into) -> reply.played() != null
        ? ReplayOverlay.ofPlayed(reply, settings.policy(), d, m, settings.admission(), into)
        : new ReplayOverlay(settings.policy(), settings.scenario(), settings.seed(), d, m, Calibration.seed(),
            settings.admission(), into), listener).begin();
  }
}
