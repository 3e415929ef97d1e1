package helperlab.lab.viewmodel;

import helperlab.lab.live.LiveStatus;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;

/** The live view's readouts: the run's clock, its processes, queue and memory, and what became of its tasks. */
final class LiveReadouts {
  final DoubleProperty time = new SimpleDoubleProperty();
  final IntegerProperty workers = new SimpleIntegerProperty();
  final IntegerProperty busy = new SimpleIntegerProperty();
  final IntegerProperty queue = new SimpleIntegerProperty();
  final DoubleProperty memory = new SimpleDoubleProperty();
  final IntegerProperty spawns = new SimpleIntegerProperty();
  final IntegerProperty submitted = new SimpleIntegerProperty();
  final IntegerProperty met = new SimpleIntegerProperty();
  final IntegerProperty late = new SimpleIntegerProperty();
  final IntegerProperty refused = new SimpleIntegerProperty();
  /** Presses of the big button in this run (the lab's count, not the run's). */
  final IntegerProperty pressed = new SimpleIntegerProperty();

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
}
