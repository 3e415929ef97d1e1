package helperlab.lab.viewmodel;

import helperlab.charts.style.TimeFormat;
import helperlab.model.EventType;
import helperlab.model.RunEvent;

/**
 * One row of the Runs view's event list, its cells in words. The words are made when a cell asks (only the rows on
 * screen), not when the list's window moves over a run's events.
 */
public final class EventRow {
  private final RunEvent e;

  EventRow(RunEvent e) {
    this.e = e;
  }

  /** The event itself (this package's tests). */
  RunEvent event() {
    return e;
  }

  /** When it happened, in seconds since the run's start: where a click on the row moves the cursor. */
  public double t() {
    return e.t();
  }

  public String time() {
    return TimeFormat.elapsedPrecise(e.t());
  }

  public String type() {
    return e.type().wire();
  }

  public String worker() {
    return e.worker() >= 0 ? Integer.toString(e.worker()) : "";
  }

  public String task() {
    return e.task() >= 0 ? Integer.toString(e.task()) : "";
  }

  public String image() {
    return e.image() >= 0 ? Integer.toString(e.image()) : "";
  }

  /** The value in words with its unit ({@link EventValues}). */
  public String value() {
    return EventValues.text(e);
  }

  public String note() {
    return e.note() == null ? "" : e.note();
  }

  /** Trouble (a kill, a loss, a deadline missed, a batch turned away), shown in its own colour. */
  public boolean trouble() {
    EventType t = e.type();
    return t == EventType.WORKER_KILLED || t == EventType.IMAGE_KILLED || t == EventType.IMAGE_DEAD
        || t == EventType.TASK_LATE || t == EventType.TASK_TURNED_AWAY || t == EventType.REFUSED;
  }
}
