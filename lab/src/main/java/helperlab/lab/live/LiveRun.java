package helperlab.lab.live;

import helperlab.charts.LiveSamples;
import helperlab.model.RunRecord;

/**
 * A run in progress, from a {@link LiveSource}: the window reads its samples and status at frame rate
 * and sends it the button presses and clock controls. Every method is safe from any thread and
 * returns at once; the run does the work on its own thread.
 */
public interface LiveRun {
  /** What the run reports when it ends; called on the run's thread. */
  interface Listener {
    void finished(RunRecord record);

    void failed(String message);
  }

  LiveSettings settings();

  /** The samples so far (growing). */
  LiveSamples samples();

  LiveStatus status();

  /** The big helper button: sends a batch into the running system now. */
  void press();

  /** Whether {@link #trigger} works on this run (the embedded simulator's). */
  default boolean canTrigger() {
    return false;
  }

  /**
   * Starts a trigger now, at the run's clock, for {@code durationS} virtual seconds (the Trigger
   * button); {@code kind} is a simulator trigger kind (spike, slowdown, cost_jump) and {@code size}
   * its excess over the base. A run with a trigger still going keeps that one. The status reports it
   * ({@link LiveStatus#trigger()}) and, later, whether the run recovered.
   */
  default void trigger(String kind, double size, double durationS) {
    throw new UnsupportedOperationException("this run cannot take a trigger");
  }

  void pause();

  void resume();

  /** Virtual seconds per wall second; {@code Double.POSITIVE_INFINITY} for as fast as possible. */
  void setSpeed(double factor);

  /**
   * Runs as fast as possible up to virtual time {@code virtualS}, then goes on at the chosen speed
   * (only when the source can change speed).
   */
  void skipTo(double virtualS);

  /** Ends the run; its record goes to the listener. */
  void stop();

  /** Ends the run and waits (up to the timeout) until its record was delivered; false if it did not end. */
  boolean stopAndWait(long timeoutMillis) throws InterruptedException;
}
