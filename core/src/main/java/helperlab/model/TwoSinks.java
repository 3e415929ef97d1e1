package helperlab.model;

/**
 * Two sinks as one, the first told first: what a sweep's run reports to (its metrics and its meter), on every event.
 * A tee over an array sends each event through one call site that sees every kind of sink; here each sink has a
 * call site of its own, which the JIT can bind to the one class it meets.
 */
record TwoSinks(EventSink first, EventSink second) implements EventSink {
  @Override
  public boolean readsRefusalReasons() {
    return first.readsRefusalReasons() || second.readsRefusalReasons();
  }

  @Override
  public void on(double t, EventType type, int worker, int task, int image, double value, String note) {
    first.on(t, type, worker, task, image, value, note);
    second.on(t, type, worker, task, image, value, note);
  }

  @Override
  public void memory(double t, double mb) {
    first.memory(t, mb);
    second.memory(t, mb);
  }

  @Override
  public void sample(double t, int workers, int busy, int queue, double memoryMb, MetricsAccumulator totals) {
    first.sample(t, workers, busy, queue, memoryMb, totals);
    second.sample(t, workers, busy, queue, memoryMb, totals);
  }
}
