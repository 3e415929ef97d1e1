package helperlab.lab.viewmodel;

import helperlab.lab.live.LiveStatus;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The live view's readouts: the run's clock, its processes, queue and memory, what became of its tasks, and the
 * presses of the big button (a part of {@link LiveViewModel}, which fills them every frame).
 */
public final class LiveReadouts {
  private final DoubleProperty time = new SimpleDoubleProperty();
  private final IntegerProperty workers = new SimpleIntegerProperty();
  private final IntegerProperty busy = new SimpleIntegerProperty();
  private final IntegerProperty queue = new SimpleIntegerProperty();
  private final DoubleProperty memory = new SimpleDoubleProperty();
  private final IntegerProperty spawns = new SimpleIntegerProperty();
  private final IntegerProperty submitted = new SimpleIntegerProperty();
  private final IntegerProperty met = new SimpleIntegerProperty();
  private final IntegerProperty late = new SimpleIntegerProperty();
  private final IntegerProperty refused = new SimpleIntegerProperty();
  /** Presses of the big button in this run (the lab's count, not the run's). */
  private final IntegerProperty pressed = new SimpleIntegerProperty();
  /** When (run time, s) each press of the big button came in this run, for the charts' marks. */
  private final ObservableList<Double> presses = FXCollections.observableArrayList();

  /** One more press of the big button in this run, at run time {@code timeS}. */
  void pressed(double timeS) {
    pressed.set(pressed.get() + 1);
    presses.add(timeS);
  }

  /** A new run starts: its presses start again (a reset leaves the marks). */
  void clearPresses() {
    presses.clear();
  }

  /** Copies the run's status in (all but the presses). */
  void show(LiveStatus s) {
    time.set(s.timeS());
    workers.set(s.workers());
    busy.set(s.busy());
    queue.set(s.queue());
    memory.set(s.memoryMb());
    spawns.set(s.spawns());
    submitted.set(s.submitted());
    met.set(s.met());
    late.set(s.late());
    refused.set(s.refused());
  }

  void clear() {
    time.set(0);
    workers.set(0);
    busy.set(0);
    queue.set(0);
    memory.set(0);
    spawns.set(0);
    submitted.set(0);
    met.set(0);
    late.set(0);
    refused.set(0);
    pressed.set(0);
  }

  public DoubleProperty timeProperty() {
    return time;
  }

  public IntegerProperty workersProperty() {
    return workers;
  }

  public IntegerProperty busyProperty() {
    return busy;
  }

  public IntegerProperty queueProperty() {
    return queue;
  }

  public DoubleProperty memoryProperty() {
    return memory;
  }

  public IntegerProperty spawnsProperty() {
    return spawns;
  }

  public IntegerProperty submittedProperty() {
    return submitted;
  }

  public IntegerProperty metProperty() {
    return met;
  }

  public IntegerProperty lateProperty() {
    return late;
  }

  public IntegerProperty refusedProperty() {
    return refused;
  }

  public IntegerProperty pressedProperty() {
    return pressed;
  }

  /** The run times of this run's presses of the big button (cleared when a run starts). */
  public ObservableList<Double> presses() {
    return presses;
  }
}
