package helperlab.model;

/** Where a running system reports what happens; the simulator and the cage feed the same sinks. */
public interface EventSink {
  void on(double t, EventType type, int worker, int task, int image, double value, String note);

  /**
   * Whether this sink reads notes of {@link EventType#REFUSED} events (a refusal's reason); a world
   * puts a reason into words only when some sink does.
   */
  default boolean readsRefusalReasons() {
    return true;
  }

  /** Memory in use changed (or was measured); sinks that care keep the peak. */
  default void memory(double t, double mb) {}

  /** A periodic sample of levels (workers alive, busy, images queued, memory); running totals in {@code totals}. */
  default void sample(double t, int workers, int busy, int queue, double memoryMb, MetricsAccumulator totals) {}

  /** Sends every event to each of the given sinks, in order. */
  static EventSink tee(EventSink... sinks) {
    if (sinks.length == 2) {
      return new TwoSinks(sinks[0], sinks[1]);
    }
    return new EventSink() {
      @Override
      public boolean readsRefusalReasons() {
        for (EventSink s : sinks) {
          if (s.readsRefusalReasons()) {
            return true;
          }
        }
        return false;
      }

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

      @Override
      public void sample(double t, int workers, int busy, int queue, double memoryMb, MetricsAccumulator totals) {
        for (EventSink s : sinks) {
          s.sample(t, workers, busy, queue, memoryMb, totals);
        }
      }
    };
  }
}
