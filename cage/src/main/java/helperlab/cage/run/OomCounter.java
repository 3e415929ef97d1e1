package helperlab.cage.run;

import helperlab.cage.limits.CgroupCage;
import helperlab.cage.worker.WorkerProcess;
import helperlab.model.MetricsAccumulator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Tells an OOM kill from other deaths: the kernel's count of OOM kills (the cage's cgroup's when it is
 * capped, else the machine's) against the count when the run began plus those already told.
 */
final class OomCounter {
  /** The cause of a SIGKILL that was neither ours nor the OOM killer's. */
  static final String KILLED_FROM_OUTSIDE = "killed";

  private final CgroupCage cage;
  private long seen;

  OomCounter(CgroupCage cage) {
    this.cage = cage;
    this.seen = kills();
  }

  /** Why a worker we did not kill died, from its exit code and the kernel's OOM count. */
  String causeOfExit(int code) {
    if (code == 137 || code == 9) { // SIGKILL, not sent by us
      if (kills() > seen) {
        seen++;
        return MetricsAccumulator.CAUSE_OOM;
      }
      return KILLED_FROM_OUTSIDE;
    }
    return "crash (exit " + code + ")";
  }

  /**
   * Whether a worker the kernel killed for memory brought it on itself: the memory it held when it died (the cage's
   * limit less what the rest of the cage holds once it is gone; its last resident size when the cage has no limit of
   * its own) against its fair part, the smaller of the budget a worker is sized for and the cage's memory over the
   * workers that shared it. A worker killed while something else held the memory (other work on the host, a process
   * put in the cage's cgroup) dies of the host's pressure: its image is not to blame.
   *
   * @param sharing the run's workers when it died (itself included)
   * @param perWorkerBytes the memory a worker is sized for
   */
  Judgement judge(WorkerProcess w, int sharing, long perWorkerBytes) {
    long limit = cage.capped() ? cage.memoryLimitBytes() : 0;
    long held;
    long fair;
    if (limit > 0) {
      held = Math.max(0, limit - cage.usageBytes());
      fair = Math.min(perWorkerBytes, limit / Math.max(1, sharing));
    } else {
      held = w.rssBytes();
      fair = perWorkerBytes;
    }
    return new Judgement(held >= OWN_SHARE * fair, held, fair, limit);
  }

  /** A worker holding this share of its fair part or more when the kernel took it is the one that held too much. */
  static final double OWN_SHARE = 0.8;

  /** An OOM kill judged: the worker's own doing or not, and the figures it was judged on (bytes). */
  record Judgement(boolean ownDoing, long heldBytes, long fairBytes, long limitBytes) {
    String words() {
      return String.format(java.util.Locale.ROOT, "it held %.0f MiB, its fair part %.0f MiB%s", heldBytes / 1048576.0,
          fairBytes / 1048576.0, limitBytes > 0 ? String.format(java.util.Locale.ROOT, " of the cage's %.0f MiB",
              limitBytes / 1048576.0) : " (the host's memory; the cage has no limit of its own)");
    }
  }

  private long kills() {
    if (cage.capped()) {
      return cage.oomKills();
    }
    try {
      for (String line : Files.readAllLines(Path.of("/proc/vmstat"))) {
        if (line.startsWith("oom_kill ")) {
          return Long.parseLong(line.substring(9).trim());
        }
      }
    } catch (IOException | RuntimeException e) {
      // unknown
    }
    return 0;
  }
}
