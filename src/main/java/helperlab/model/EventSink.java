package helperlab.model;

/** Where a running system reports what happens; the simulator and the cage feed the same sinks. */
public interface EventSink {
  void on(double t, EventType type, int worker, int task, int image, double value, String note);

  /** Memory in use changed (or was measured); sinks that care keep the peak. */
  default void memory(double t, double mb) {}

  /** Sends every event to each of the given sinks, in order. */
  static EventSink tee(EventSink... sinks) {
    return new EventSink() {
      @Override
      public void on(double t, EventType type, int worker, int task, int image, double value, String note) {
        for (EventSink s : sinks) {
          s.on(t, type, worker, task, image, value, note);
        }
      }

      @Override
      public void memory(double t, double mb) {
        for (EventSink s : sinks) {
          s.memory(t, mb);
        }
      }
    };
  }
}
