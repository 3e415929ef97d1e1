package helperlab.cage.service;

import helperlab.cage.limits.CgroupCage;
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
