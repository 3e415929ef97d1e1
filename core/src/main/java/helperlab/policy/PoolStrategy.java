package helperlab.policy;

import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * A pool of long-lived workers that take k images at a time from the head of the queue (FIFO or
 * earliest deadline first). Between hand-outs the head is chosen again, which is what makes the
 * pool preemptive. Workers start on demand up to the pool size and exit after lingering idle. The
 * size is the worker budget, or what an autoscaler sets.
 */
final class PoolStrategy implements Strategy {
  private final Scheduler s;
  private final int chunk;
  private final double idleTimeout;
  private final Scaler scaler;
  /** Most recently idle last: it is reused first, so the others can time out. */
  private final ArrayDeque<WorkerState> idle = new ArrayDeque<>();
  private int size;
  private double nextSync;

  PoolStrategy(Scheduler scheduler) {
    this.s = scheduler;
    PolicySpec p = scheduler.policy();
    this.chunk = p.pool().chunk();
    this.idleTimeout = p.pool().idleTimeoutS();
    this.scaler = Scaler.of(p.scaling(), scheduler.config());
    this.size = scaler == null ? scheduler.config().workerBudget() : 1;
    this.nextSync = scaler == null ? Double.POSITIVE_INFINITY : 0;
  }

  @Override
  public void admitted(TaskState task) {
    dispatch();
  }

  @Override
  public void workerFree(WorkerState w) {
    if (s.liveWorkers() > size) {
      s.retire(w, "scaled-down");
      return;
    }
    if (!feed(w)) {
      idle.addLast(w);
    }
  }

  @Override
  public void workerLost(WorkerState w) {
    idle.remove(w);
    dispatch();
  }

  @Override
  public void tick() {
    double now = s.now;
    if (now >= nextSync) {
      size = scaler.size(now, size, s);
      nextSync = now + s.policy().scaling().syncS();
      while (s.liveWorkers() > size && !idle.isEmpty()) {
        s.retire(idle.pollFirst(), "scaled-down");
      }
    }
    for (Iterator<WorkerState> it = idle.iterator(); it.hasNext(); ) {
      WorkerState w = it.next();
      if (now >= w.idleSince + idleTimeout) {
        it.remove();
        s.retire(w, "idle");
      }
    }
    dispatch();
  }

  @Override
  public double nextWakeup() {
    double next = nextSync;
    WorkerState oldest = idle.peekFirst();
    if (oldest != null) {
      next = Math.min(next, oldest.idleSince + idleTimeout);
    }
    return next;
  }

  @Override
  public int warmTarget() {
    return Math.min(size, s.config().maxProcesses());
  }

  @Override
  public void warm() {
    while (s.liveWorkers() < warmTarget()) {
      if (s.spawn(null) == null) {
        return;
      }
    }
  }

  /** Hands work to idle workers, then starts workers for what is still queued. */
  private void dispatch() {
    while (!idle.isEmpty() && s.queuedImages() > 0) {
      feed(idle.pollLast());
    }
    if (s.queuedImages() == 0) {
      return;
    }
    int starting = s.startingWorkers();
    while (s.queuedImages() > (long) starting * chunk && s.liveWorkers() < size) {
      if (s.spawn(null) == null) {
        return;
      }
      starting++;
    }
  }

  private boolean feed(WorkerState w) {
    TaskState head = s.waiting.isEmpty() ? null : s.waiting.first();
    if (head == null) {
      return false;
    }
    s.assign(w, s.takeFrom(head, chunk));
    return true;
  }
}
