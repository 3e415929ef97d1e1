package helperlab.cage.run;

import helperlab.cage.limits.CgroupCage;
import helperlab.model.EventSink;
import helperlab.model.EventType;
import helperlab.workload.Trigger;
import java.io.IOException;
import java.util.function.DoubleConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A slowdown trigger played on the real cage: for the trigger's window the cage's CPU cap is lowered to
 * {@code 1 - size} of its cores (a co-tenant taking the rest), then restored; each change is an event
 * of the run ({@code cpu_cap}, value: the cap in cores). The run's end restores it too, whatever ended
 * it. Used only on the supervisor's thread.
 */
final class CpuSqueeze {
  private static final Logger LOG = LoggerFactory.getLogger(CpuSqueeze.class);

  static final String LOWERED = "slowdown";
  static final String RESTORED = "slowdown over";

  private final CgroupCage cage;
  private final EventSink sink;
  /** Told each cap it sets, right after the write (for tests). */
  private final DoubleConsumer watch;
  private final Trigger trigger;
  /** Edges carried out: 0 none, 1 the cap lowered, 2 done with (restored, or never lowered). */
  private int edges;

  CpuSqueeze(Trigger trigger, CgroupCage cage, EventSink sink, DoubleConsumer watch) {
    this.cage = cage;
    this.sink = sink;
    this.watch = watch;
    this.trigger = trigger != null && trigger.kind() == Trigger.Kind.SLOWDOWN && !trigger.isNone() ? trigger : null;
    this.edges = this.trigger == null ? 2 : 0;
  }

  /** When the cap next changes (infinity when it will not). */
  double nextEdgeS() {
    return edges >= 2 ? Double.POSITIVE_INFINITY : edges == 0 ? trigger.atS() : trigger.endS();
  }

  /** Carries out the edges that are due by {@code now}. */
  void step(double now) {
    while (nextEdgeS() <= now) {
      if (edges == 0) {
        set(now, 1 - trigger.size(), LOWERED);
        edges = 1;
      } else {
        restore(now, RESTORED);
      }
    }
  }

  /** Puts the cap back if this slowdown lowered it (the window's end, or the run's). */
  void restore(double now, String why) {
    if (edges == 1) {
      set(now, 1, why);
    }
    edges = 2;
  }

  private void set(double now, double share, String why) {
    double cores;
    try {
      cores = cage.setCpuShare(share);
    } catch (IOException | RuntimeException e) {
      LOG.warn("cage: cannot set the CPU cap to " + share + " of its cores: " + e.getMessage());
      return;
    }
    sink.on(now, EventType.CPU_CAP, -1, -1, -1, cores, why);
    watch.accept(cores);
  }
}
