package helperlab.sim;

import helperlab.model.EventSink;
import java.util.ArrayList;
import java.util.List;

/**
 * The workers' memory: what each holds (its private memory, the high-water mark of its images, and
 * the shared part while any worker lives), the resident total with running images grown as far as
 * their progress, when growing images cross the limit between events, and whom the kernel kills past it.
 */
final class WorkerMemory {
  /** How far past the limit growing images go before the OOM killer strikes (past rounding). */
  private static final double OVER_LIMIT_MB = 1e-6;

  private final Machine machine;
  /** The live workers, oldest first (the process table's list, read here). */
  private final List<SimWorker> live;
  /**
   * The live workers resizing an image, oldest first (the live list's order): only their memory moves with
   * progress, so the resident total is scanned over them alone (few, where most workers are starting up).
   */
  private final List<SimWorker> running = new ArrayList<>();
  /** The limit in MB; 0 for none. */
  private final double limitMb;
  private final double sharedMb;
  private final MemoryRamp ramp = MemoryRamp.MEASURED;
  /** Every worker's memory with each running image charged all it will need: an upper bound. */
  private double memory;
  /** The highest memory reported so far: an upper bound below it cannot make a new peak. */
  private double peakReported;
  /**
   * Bumped whenever what the resident total depends on changes, apart from the progress clock: a held
   * amount, a phase, an image's start. The total is scanned once per (version, progress) and reused, the
   * same value the scan would give again (the box's busy hour asks for it up to three times an event).
   */
  private long version;
  private long residentVersion = -1;
  private double residentProgress = Double.NaN;
  private double residentTotal;
  private double residentGrowthMbPerProgress;

  WorkerMemory(Machine machine, List<SimWorker> live, double limitMb, double sharedMb) {
    this.machine = machine;
    this.live = live;
    this.limitMb = limitMb;
    this.sharedMb = sharedMb;
  }

  /** A worker is about to join the live ones: the first one brings the shared memory. */
  void starting() {
    version++;
    if (live.isEmpty()) {
      memory += sharedMb;
    }
  }

  /** Sets the private memory {@code p} holds apart from images. */
  void holdPrivate(SimWorker p, double privateMb) {
    version++;
    memory += privateMb - p.privateHeldMb;
    p.privateHeldMb = privateMb;
  }

  /** {@code p} starts an image that needs {@code needsMb}: it grows from what it held to that, if more. */
  void startImage(SimWorker p, double needsMb) {
    version++;
    p.imageFromMb = p.heldImageMb;
    if (needsMb > p.heldImageMb) {
      memory += needsMb - p.heldImageMb;
      p.heldImageMb = needsMb;
    }
  }

  /** {@code p} has left the live ones: it gives back all it held, the last one the shared memory too. */
  void release(SimWorker p) {
    version++;
    memory -= p.privateHeldMb;
    p.privateHeldMb = 0;
    memory -= p.heldImageMb;
    p.heldImageMb = 0;
    if (live.isEmpty()) {
      memory -= sharedMb;
    }
  }

  /**
   * Reports the memory held now. The upper bound charges every running image all it will need; the
   * resident total is worked out only when that bound could make a new peak.
   */
  void report(EventSink sink, double now) {
    double mb = memory > peakReported ? residentMb() : memory;
    peakReported = Math.max(peakReported, mb);
    sink.memory(now, mb);
  }

  /** A worker's phase changed: the resident total must be scanned anew. */
  void changed() {
    version++;
  }

  /** {@code p} stopped resizing its image (done, or gone): its memory no longer moves with progress. */
  void imageStopped(SimWorker p) {
    version++;
    running.remove(p);
  }

  /**
   * {@code p}'s image is set to run (its start and work known): how fast it grows with the progress
   * clock is the same for the whole image (a resizing worker's weight never changes), so worked out here.
   */
  void imageRunning(SimWorker p) {
    version++;
    int i = running.size();
    while (i > 0 && running.get(i - 1).id > p.id) { // ids go up with age: keep the live list's order
      i--;
    }
    running.add(i, p);
    p.growthMbPerProgress = (p.heldImageMb - p.imageFromMb) * machine.weight(false) / (ramp.fullAtShare() * p.imageWork);
  }

  /**
   * The workers' resident memory now: the upper bound less what running images have yet to grow. The
   * same scan sums how fast the still-growing images grow, for {@link #nextCrossing}.
   */
  double residentMb() {
    if (!ramp.gradual()) {
      return memory;
    }
    double progress = machine.progress();
    if (version == residentVersion && progress == residentProgress) {
      return residentTotal;
    }
    double mb = memory;
    double growth = 0;
    for (int i = 0; i < running.size(); i++) {
      SimWorker p = running.get(i);
      if (p.phase == SimWorker.Phase.RUNNING) {
        double resident = residentImageMb(p);
        mb -= p.heldImageMb - resident;
        if (resident < p.heldImageMb && p.imageWork > 0) {
          growth += p.growthMbPerProgress;
        }
      }
    }
    residentVersion = version;
    residentProgress = progress;
    residentTotal = mb;
    residentGrowthMbPerProgress = growth;
    return mb;
  }

  /** The image memory a worker holds now, its current image grown as far as its progress. */
  private double residentImageMb(SimWorker p) {
    if (p.phase != SimWorker.Phase.RUNNING || !ramp.gradual()) {
      return p.heldImageMb;
    }
    double progress = machine.progress();
    if (p.residentEpoch == p.epoch && p.residentProgress == progress) {
      return p.residentImageMb; // the kill loop asks again at the same instant after each kill
    }
    double share = p.imageWork > 0 ? (progress - p.imageStartProgress) * machine.weight(false) / p.imageWork : 1;
    double mb = ramp.imageMb(p.imageFromMb, p.heldImageMb, share);
    p.residentEpoch = p.epoch;
    p.residentProgress = progress;
    p.residentImageMb = mb;
    return mb;
  }

  /**
   * When the growing images take the workers past the limit, if no event comes first: between events
   * every running image grows linearly with the progress clock, so the crossing is solved for (infinite
   * when the upper bound is within the limit or nothing grows). Past a ramp's end an image stops
   * growing, so with a ramp shorter than the image this is early, never late: the next step looks again.
   */
  double nextCrossing(double now) {
    if (!ramp.gradual() || limitMb <= 0 || memory <= limitMb + 1e-9) {
      return Double.POSITIVE_INFINITY;
    }
    double total = residentMb();
    double mbPerProgress = residentGrowthMbPerProgress;
    if (mbPerProgress <= 0 || total > limitMb + 1e-9) {
      return Double.POSITIVE_INFINITY; // nothing grows, or already past (the step's own check kills)
    }
    double t = machine.timeToReach(machine.progress() + (limitMb + OVER_LIMIT_MB - total) / mbPerProgress);
    return t > now ? t : Double.POSITIVE_INFINITY;
  }

  /** The workers hold more than the limit (the upper bound is checked first: it is free). */
  boolean over() {
    return limitMb > 0 && memory > limitMb + 1e-9 && !live.isEmpty() && residentMb() > limitMb + 1e-9;
  }

  /** The worker the kernel kills now: the most points, never the supervisor (see {@link OomKiller}). */
  int victim() {
    OomKiller killer = new OomKiller(limitMb);
    for (SimWorker p : live) {
      killer.consider(p.id, p.privateHeldMb + residentImageMb(p), OomKiller.WORKER_OOM_SCORE_ADJ);
    }
    return killer.victim();
  }
}
