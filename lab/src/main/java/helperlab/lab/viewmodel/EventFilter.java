package helperlab.lab.viewmodel;

import helperlab.model.EventType;
import java.util.EnumSet;
import java.util.Set;

/** Which events the timeline lists and steps through. */
public enum EventFilter {
  ALL("all events", EnumSet.allOf(EventType.class)),
  WORKERS("workers", EnumSet.of(EventType.WORKER_SPAWNED, EventType.WORKER_READY, EventType.WORKER_EXITED,
      EventType.WORKER_KILLED)),
  TASKS("tasks", EnumSet.of(EventType.SUBMITTED, EventType.ADMITTED, EventType.REFUSED, EventType.TASK_MET,
      EventType.TASK_LATE, EventType.TASK_TURNED_AWAY, EventType.DISCARDED)),
  TROUBLE("trouble", EnumSet.of(EventType.REFUSED, EventType.WORKER_KILLED, EventType.IMAGE_KILLED,
      EventType.IMAGE_DEAD, EventType.TASK_LATE, EventType.TASK_TURNED_AWAY, EventType.DISCONNECTED)),
  IMAGES("images", EnumSet.of(EventType.IMAGE_STARTED, EventType.IMAGE_DONE, EventType.IMAGE_KILLED,
      EventType.IMAGE_DEAD));

  private final String label;
  private final Set<EventType> types;

  EventFilter(String label, Set<EventType> types) {
    this.label = label;
    this.types = types;
  }

  public boolean accepts(EventType t) {
    return types.contains(t);
  }

  @Override
  public String toString() {
    return label;
  }
}
