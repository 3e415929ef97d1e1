package helperlab.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The client in front of the service: sends each task, and (when retrying) re-sends a task that has
 * no answer after a timeout or was refused with a Retry-After, within its attempts and throttle. A
 * one-shot client does not time out, but honours a Retry-After once: it sends a refused task again after
 * the wait the service asked for, if that is before its deadline. A client may instead ignore Retry-After
 * ({@link PolicySpec.RetryAfter}): re-send every refusal at once, or after an exponential back-off.
 * The first copy to finish answers the task; later copies are discarded. Pure, like the scheduler.
 */
public final class Client {
  /** A one-shot client sends a task at most twice: once, and once more when told to come back later. */
  private static final int ONE_SHOT_SENDS = 2;

  private final PolicySpec.ClientSettings knobs;
  private final RetryBudget throttle;
  private final IdTable<Pending> pending = new IdTable<>();
  /** The tasks sent, in order (settled ones dropped now and then): {@code close} settles those still pending in this order. */
  private int[] arrived = new int[64];
  private int arrivedCount;
  private final IdTable<Pending> byCopy = new IdTable<>();
  private final PriorityQueue<double[]> timers =
      new PriorityQueue<>((a, b) -> a[0] != b[0] ? Double.compare(a[0], b[0]) : Double.compare(a[1], b[1]));
  private final List<ClientAction> out = new ArrayList<>();
  private final java.util.function.IntSupplier newCopyId;

  private static final class Pending {
    final int task;
    final double deadline;
    final double timeout;
    int attempts;
    int inService; // admitted copies not finished
    boolean everAdmitted;
    boolean waitingToResend;
    /** Copies sent, in order; those still in {@code byCopy} number {@code copiesOut}. */
    int[] copies = new int[2];
    int sent;
    int copiesOut;

    Pending(int task, double deadline, double timeout) {
      this.task = task;
      this.deadline = deadline;
      this.timeout = timeout;
    }
  }

  /** @param firstCopyId ids for retry copies start here (above every task id) */
  public Client(PolicySpec.ClientSettings knobs, int firstCopyId) {
    this(knobs, new java.util.function.IntSupplier() {
      private int next = firstCopyId;

      @Override
      public int getAsInt() {
        return next++;
      }
    });
  }

  /** @param newCopyId hands out an unused batch id for each retry copy */
  public Client(PolicySpec.ClientSettings knobs, java.util.function.IntSupplier newCopyId) {
    this.knobs = knobs;
    this.newCopyId = newCopyId;
    this.throttle = RetryBudget.of(knobs);
  }

  public boolean retries() {
    return knobs.mode() != PolicySpec.ClientMode.ONE_SHOT;
  }

  public void arrive(double now, int task, double deadline) {
    Pending p = new Pending(task, deadline, knobs.timeoutFraction() * (deadline - now));
    pending.put(task, p);
    if (arrivedCount == arrived.length) {
      dropSettledArrivals();
      if (arrivedCount > arrived.length / 2) {
        arrived = java.util.Arrays.copyOf(arrived, arrived.length * 2);
      }
    }
    arrived[arrivedCount++] = task;
    send(now, p, task);
  }

  public void admitted(double now, int copy) {
    Pending p = byCopy.get(copy);
    if (p == null) {
      return;
    }
    p.inService++;
    p.everAdmitted = true;
    if (retries()) {
      timers.add(new double[] {now + p.timeout, p.task, copy});
    }
  }

  public void refused(double now, int copy, double retryAfterS) {
    Pending p = byCopy.remove(copy);
    if (p == null) {
      return;
    }
    p.copiesOut--;
    throttle.ended(copy != p.task);
    throttle.failure();
    double waitS = knobs.retryAfterOrHonour().waitS(retryAfterS, p.attempts);
    if (waitS >= 0 && now + waitS < p.deadline && canResend(now, p)) {
      p.waitingToResend = true;
      timers.add(new double[] {now + waitS, p.task, -1});
      return;
    }
    settleIfHopeless(now, p);
  }

  /** A copy finished; {@code complete} is false if some of its images were dead-lettered. */
  public void finished(double now, int copy, boolean complete) {
    Pending p = byCopy.remove(copy);
    if (p == null) {
      out.add(new ClientAction.Discard(copy)); // its task was already answered
      return;
    }
    p.copiesOut--;
    throttle.ended(copy != p.task);
    p.inService--;
    pending.remove(p.task);
    dropCopies(p);
    boolean met = complete && now <= p.deadline + 1e-9;
    if (met) {
      throttle.success();
    } else {
      throttle.failure();
    }
    out.add(new ClientAction.Outcome(p.task, met ? ClientAction.Result.MET : ClientAction.Result.LATE,
        now, now - p.deadline));
  }

  public void tick(double now) {
    while (!timers.isEmpty() && timers.peek()[0] <= now) {
      double[] timer = timers.poll();
      Pending p = pending.get((int) timer[1]);
      if (p == null) {
        continue;
      }
      int copy = (int) timer[2];
      if (copy < 0) { // a Retry-After elapsed
        p.waitingToResend = false;
        if (now < p.deadline && canResend(now, p)) {
          send(now, p, newCopyId.getAsInt());
        } else {
          settleIfHopeless(now, p);
        }
      } else if (byCopy.get(copy) == p) { // that copy timed out without an answer
        throttle.failure();
        if (now < p.deadline && canRetry(now, p)) {
          send(now, p, newCopyId.getAsInt());
        }
      }
    }
  }

  public double nextWakeup() {
    return timers.isEmpty() ? Double.POSITIVE_INFINITY : timers.peek()[0];
  }

  /** The run is over: settle what is still open. Copies still in service are discarded. */
  public void close(double now) {
    for (int i = 0; i < arrivedCount && pending.size() > 0; i++) {
      Pending p = pending.remove(arrived[i]);
      if (p == null) {
        continue;
      }
      dropCopies(p);
      if (p.everAdmitted) {
        out.add(new ClientAction.Outcome(p.task, ClientAction.Result.LATE, now, now - p.deadline));
      } else {
        out.add(new ClientAction.Outcome(p.task, ClientAction.Result.TURNED_AWAY, now, 0));
      }
    }
    timers.clear();
  }

  public List<ClientAction> drain() {
    List<ClientAction> c = new ArrayList<>(out.size());
    drainTo(c);
    return c;
  }

  /** Drains into {@code into} (a driver's list, reused round after round): the same actions, appended in order. */
  public void drainTo(List<? super ClientAction> into) {
    for (int i = 0; i < out.size(); i++) {
      into.add(out.get(i));
    }
    out.clear();
  }

  public int openTasks() {
    return pending.size();
  }

  /** Keeps only the arrivals still pending, in order, so a client that runs for days holds what is open, not its past. */
  private void dropSettledArrivals() {
    int kept = 0;
    for (int i = 0; i < arrivedCount; i++) {
      if (pending.get(arrived[i]) != null) {
        arrived[kept++] = arrived[i];
      }
    }
    arrivedCount = kept;
  }

  /** Whether a refused task may be sent again: within the retry budget, or a one-shot client's once. */
  private boolean canResend(double now, Pending p) {
    return retries() ? canRetry(now, p) : p.attempts < ONE_SHOT_SENDS;
  }

  private boolean canRetry(double now, Pending p) {
    return retries() && p.attempts < knobs.maxAttempts() && throttle.allowsRetry(now);
  }

  private void send(double now, Pending p, int copy) {
    p.attempts++;
    byCopy.put(copy, p);
    if (p.sent == p.copies.length) {
      p.copies = java.util.Arrays.copyOf(p.copies, p.sent * 2);
    }
    p.copies[p.sent++] = copy;
    p.copiesOut++;
    throttle.sent(now, copy != p.task);
    out.add(new ClientAction.Send(p.task, copy));
  }

  /** Refused with nothing in service and nothing to wait for: the task is turned away or late. */
  private void settleIfHopeless(double now, Pending p) {
    if (p.inService > 0 || p.waitingToResend || p.copiesOut > 0) {
      return;
    }
    pending.remove(p.task);
    out.add(p.everAdmitted
        ? new ClientAction.Outcome(p.task, ClientAction.Result.LATE, now, now - p.deadline)
        : new ClientAction.Outcome(p.task, ClientAction.Result.TURNED_AWAY, now, 0));
  }

  private void dropCopies(Pending p) {
    // each copy still out ends; the budgets only count, so the order they end in is no matter
    for (int i = 0; i < p.sent && p.copiesOut > 0; i++) {
      int copy = p.copies[i];
      if (byCopy.get(copy) == p) {
        byCopy.remove(copy);
        p.copiesOut--;
        throttle.ended(copy != p.task);
      }
    }
    // Copies still in service will report finished later; they are discarded then.
  }
}
