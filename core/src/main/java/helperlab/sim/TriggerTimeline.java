package helperlab.sim;

import helperlab.model.Task;
import helperlab.workload.Trigger;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.List;

/**
 * The run's trigger, the scenario's or one started live: when a slowdown's co-tenant comes and goes,
 * and a live spike's extra batches still to arrive.
 */
final class TriggerTimeline {
  /** The trigger in force or last run; null when there is none (or it is of size 0: then nothing may differ). */
  private Trigger trigger;
  /** A live spike's extra batches still to come, in arrival order. */
  private final ArrayDeque<Task> spikeBatches = new ArrayDeque<>();
  /** Slowdown edges carried out so far: 0 none, 1 the co-tenant arrived, 2 it left. */
  private int slowdownEdges;

  TriggerTimeline(Trigger scenarios) {
    this.trigger = scenarios == null || scenarios.isNone() ? null : scenarios;
  }

  Trigger current() {
    return trigger;
  }

  /** Starts {@code t} (see {@link Simulation#trigger}), the run's clock at {@code now}. */
  void start(double now, Trigger t, List<Task> batches) {
    if (t.atS() < now) {
      throw new IllegalArgumentException("a trigger cannot start in the past: it starts at t=" + t.atS()
          + " s but the run is at t=" + now + " s");
    }
    if (trigger != null && trigger.endS() > t.atS()) {
      throw new IllegalStateException("a " + trigger.label() + " trigger runs until t=" + trigger.endS()
          + " s; a new one may start after it");
    }
    for (Task b : batches) {
      if (t.kind() != Trigger.Kind.SPIKE || !t.activeAt(b.arrivalS())) {
        throw new IllegalArgumentException("spike batches must arrive within a spike's window ["
            + t.atS() + ", " + t.endS() + ") s; one arrives at " + b.arrivalS() + " s");
      }
    }
    if (t.isNone()) {
      return;
    }
    trigger = t;
    slowdownEdges = 0;
    batches.stream().sorted(Comparator.comparingDouble(Task::arrivalS)).forEach(spikeBatches::add);
  }

  /** When a slowdown's co-tenant next comes or goes; infinite if it will not. */
  double nextSlowdownEdge() {
    if (trigger == null || trigger.kind() != Trigger.Kind.SLOWDOWN || slowdownEdges >= 2) {
      return Double.POSITIVE_INFINITY;
    }
    return slowdownEdges == 0 ? trigger.atS() : trigger.endS();
  }

  /** The co-tenant comes or goes at {@code t}: every running process carries on at the new rate. */
  void slowdownEdge(Machine machine, double t) {
    slowdownEdges++;
    machine.setCpuLeft(trigger.cpuLeftAt(t));
  }

  /** When the next spike batch arrives; infinite if none is left. */
  double nextSpikeS() {
    return spikeBatches.isEmpty() ? Double.POSITIVE_INFINITY : spikeBatches.peekFirst().arrivalS();
  }

  Task pollSpike() {
    return spikeBatches.pollFirst();
  }
}
