package helperlab.lab.viewmodel;

import helperlab.lab.live.LiveSettings;
import helperlab.lab.live.Speed;
import java.nio.file.Path;

/**
 * The choices the views keep between sessions in the settings ({@link LabPrefs}): Live's next run and speed,
 * Compare's sides, the playback speed, the sweep's seeds and the sweep shown, the history's cap. A remembered value
 * no longer valid falls back to the default rather than failing the start.
 */
final class RememberedChoices {
  private final LabPrefs prefs;
  private final LiveViewModel live;
  private final CompareViewModel compare;
  private final TimelineViewModel timeline;
  private final SweepViewModel sweep;
  private final RunLibrary library;

  RememberedChoices(LabPrefs prefs, LiveViewModel live, CompareViewModel compare, TimelineViewModel timeline,
      SweepViewModel sweep, RunLibrary library) {
    this.prefs = prefs;
    this.live = live;
    this.compare = compare;
    this.timeline = timeline;
    this.sweep = sweep;
    this.library = library;
  }

  /** Live's settings for the first run (needed before its view model is made). */
  static LiveSettings liveSettings(LabPrefs p) {
    try {
      return new LiveSettings(p.livePolicy, p.liveScenario, p.liveMachine, p.liveSeed, p.liveAdmission);
    } catch (IllegalArgumentException e) {
      return LiveSettings.defaults();
    }
  }

  static Speed liveSpeed(LabPrefs p) {
    return enumOr(Speed.class, p.liveSpeed, Speed.X10);
  }

  static <E extends Enum<E>> E enumOr(Class<E> type, String name, E fallback) {
    try {
      return name == null ? fallback : Enum.valueOf(type, name);
    } catch (IllegalArgumentException e) {
      return fallback;
    }
  }

  /** Sets the views' choices from the settings (at start). */
  void restore() {
    LabPrefs p = prefs;
    compare.policyAProperty().set(p.comparePolicyA);
    compare.policyBProperty().set(p.comparePolicyB);
    compare.scenarioProperty().set(p.compareScenario);
    compare.machineProperty().set(p.compareMachine);
    compare.seedProperty().set(p.compareSeed);
    timeline.speedProperty().set(enumOr(PlaybackSpeed.class, p.timelineSpeed, PlaybackSpeed.X10));
    sweep.seedsProperty().set(Math.max(1, p.sweepSeeds));
    library.setHistoryCapBytes(Math.max(0, p.historyCapMb) * 1048576L);
  }

  /** Writes the views' choices into the settings (at close, before they are saved). */
  void remember() {
    LabPrefs p = prefs;
    p.livePolicy = OwnPolicies.builtInOr(live.policyProperty().get(), p.livePolicy);
    p.liveScenario = live.scenarioProperty().get();
    p.liveMachine = live.machineProperty().get();
    p.liveSeed = live.seedProperty().get();
    p.liveAdmission = live.admissionProperty().get();
    p.liveSpeed = live.speedProperty().get().name();
    p.comparePolicyA = OwnPolicies.builtInOr(compare.policyAProperty().get(), p.comparePolicyA);
    p.comparePolicyB = OwnPolicies.builtInOr(compare.policyBProperty().get(), p.comparePolicyB);
    p.compareScenario = compare.scenarioProperty().get();
    p.compareMachine = compare.machineProperty().get();
    p.compareSeed = compare.seedProperty().get();
    p.timelineSpeed = timeline.speedProperty().get().name();
    p.sweepSeeds = sweep.seedsProperty().get();
    p.historyCapMb = (int) (library.historyCapBytes() / 1048576L);
    Path shown = sweep.shownProperty().get();
    p.lastSweepDir = shown == null ? p.lastSweepDir : shown.toString();
  }
}
