package helperlab.sim;

import helperlab.policy.ImageJob;
import java.util.ArrayDeque;

/** One simulated worker process: its phase, its assignment, and the memory it holds. */
final class SimWorker {
  enum Phase { SPAWNING, WARMING, IDLE, RUNNING, GONE }

  final int id;
  /** The task it works for (a helper handed over on yield changes task); -1 for a pool worker. */
  int task;
  Phase phase = Phase.SPAWNING;
  /**
   * Private memory it holds apart from images: none while its JVM starts, the JVM's own at hello,
   * all of it once the warm-up has compiled and allocated.
   */
  double privateHeldMb;
  int epoch;
  double cpuStart;
  double startupCpu;
  final ArrayDeque<ImageJob> queue = new ArrayDeque<>();
  ImageJob current;
  /** Images it has started: a fresh worker's first ones cost more (its JIT is still compiling). */
  int imagesStarted;
  /**
   * Image memory it holds: the high-water mark of its images, kept until it exits, because a JVM
   * does not give back the heap a large image grew.
   */
  double heldImageMb;
  /** The image it is resizing: what it held before it, and where the progress clock stood at its start. */
  double imageFromMb;
  double imageStartProgress;
  double imageWork;
  /** How fast its image's memory grows with the progress clock (set by {@link WorkerMemory} at the image's start). */
  double growthMbPerProgress;
  /** Kept by {@link WorkerMemory}: its image memory when the progress clock stood at {@code residentProgress} in this epoch. */
  double residentImageMb;
  double residentProgress = Double.NaN;
  int residentEpoch = -1;

  SimWorker(int id, int task) {
    this.id = id;
    this.task = task;
  }

  boolean startingUp() {
    return phase == Phase.SPAWNING || phase == Phase.WARMING;
  }
}
