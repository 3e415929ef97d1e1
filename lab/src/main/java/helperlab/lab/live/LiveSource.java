package helperlab.lab.live;

/**
 * Where live runs come from: the embedded simulator now, a real cage over SSH later. The window
 * talks to a run only through {@link LiveRun}, so either can stream into the same charts.
 */
public interface LiveSource {
  /** For the window, e.g. "embedded simulator". */
  String name();

  /** What one of its runs is called when the lab says it ended ("Live run"; a cage's: "Exhibit"). */
  default String runName() {
    return "Live run";
  }

  /** Whether runs can go faster than real time (a simulator can; a real cage cannot). */
  boolean canChangeSpeed();

  /** Starts a run now at the given speed. */
  LiveRun start(LiveSettings settings, double speed, LiveRun.Listener listener);
}
