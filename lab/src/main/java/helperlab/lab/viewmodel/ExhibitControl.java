package helperlab.lab.viewmodel;

import helperlab.lab.live.LiveSettings;
import helperlab.lab.remote.CageSource;
import helperlab.workload.Trigger;
import java.util.Arrays;
import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/** Starting an exhibit on the cage: its policy, scenario and seed, its trigger and its length. */
final class ExhibitControl {
  private final LabPrefs prefs;
  private final CageLink link;
  private final CageSource source;
  private final LiveViewModel exhibit;
  private final ObjectProperty<TriggerChoice> trigger = new SimpleObjectProperty<>();

  ExhibitControl(LabPrefs prefs, CageLink link, CageSource source, LiveViewModel exhibit) {
    this.prefs = prefs;
    this.link = link;
    this.source = source;
    this.exhibit = exhibit;
  }

  /** The settings remembered for exhibits, or the defaults when they are no longer valid. */
  static LiveSettings remembered(LabPrefs prefs) {
    try {
      return new LiveSettings(prefs.remotePolicy, prefs.remoteScenario, "cage", prefs.remoteSeed, "edf-fit");
    } catch (IllegalArgumentException e) {
      return new LiveSettings("pool-edf-10", "calm", "cage", 0, "edf-fit");
    }
  }

  boolean start() {
    if (link.client() == null) {
      link.showError("Connect to a cage first");
      return false;
    }
    LiveSettings s = exhibit.settings();
    try {
      source.trigger(trigger(trigger.get(), source.durationS()));
    } catch (IllegalArgumentException e) {
      link.showError("Cannot start the exhibit: " + e.getMessage());
      return false;
    }
    prefs.remotePolicy = s.policy();
    prefs.remoteScenario = s.scenario();
    prefs.remoteSeed = s.seed();
    return exhibit.start();
  }

  /**
   * The trigger an exhibit plays for a choice (null: none): from a third of the exhibit, for a third
   * of it but at most a minute, so the run has a baseline before and time to recover after.
   */
  static Trigger trigger(TriggerChoice c, double exhibitS) {
    if (c == null) {
      return null;
    }
    double third = exhibitS / 3;
    return new Trigger(Trigger.Kind.of(c.kind()), third, Math.min(TriggerChoice.DURATION_S, third), c.size());
  }

  /** The choices the cage plays (spikes and slowdowns; a cost jump is the simulator's only). */
  static List<TriggerChoice> choices() {
    return Arrays.stream(TriggerChoice.values()).filter(c -> !"cost_jump".equals(c.kind())).toList();
  }

  ObjectProperty<TriggerChoice> triggerProperty() {
    return trigger;
  }

  void seconds(double seconds) {
    source.durationS(seconds);
  }
}
