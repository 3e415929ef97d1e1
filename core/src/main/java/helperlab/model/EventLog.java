package helperlab.model;

import java.util.ArrayList;
import java.util.List;

/** Keeps every event of a run, in order, for its record. */
public final class EventLog implements EventSink {
  private final List<RunEvent> events = new ArrayList<>();

  @Override
  public void on(double t, EventType type, int worker, int task, int image, double value, String note) {
    events.add(new RunEvent(t, type, worker, task, image, value, note));
  }

  public List<RunEvent> events() {
    return List.copyOf(events);
  }

  public int size() {
    return events.size();
  }
}
