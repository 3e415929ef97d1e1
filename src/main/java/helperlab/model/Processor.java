package helperlab.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Which processor a machine runs on, as its kernel names it ({@code /proc/cpuinfo}'s first "model name", e.g.
 * "AMD EPYC 7B13" or "Intel(R) Xeon(R) Processor"). A calibration and the runs priced by it are one machine only
 * when they name the same processor: two VMs of one size on different processors differ in more than speed (the
 * shape of the cost curve, contention), which no pace corrects.
 */
public final class Processor {
  private Processor() {}

  /** This machine's processor, or null when the kernel does not say (not Linux, or no model name). */
  public static String here() {
    return fromCpuinfo(Path.of("/proc/cpuinfo"));
  }

  static String fromCpuinfo(Path cpuinfo) {
    try {
      for (String line : Files.readAllLines(cpuinfo)) {
        int colon = line.indexOf(':');
        if (colon > 0 && line.substring(0, colon).trim().toLowerCase(Locale.ROOT).equals("model name")) {
          String name = line.substring(colon + 1).trim().replaceAll("\\s+", " ");
          return name.isEmpty() ? null : name;
        }
      }
      return null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * Why a run on processor {@code run} is not on the machine of a calibration measured on {@code calibration}, or null
   * when they are the same or either is not known.
   */
  public static String differs(String run, String calibration) {
    if (run == null || calibration == null || run.equalsIgnoreCase(calibration)) {
      return null;
    }
    return "recorded on " + run + ", its calibration measured on " + calibration + ": another machine";
  }

  /**
   * The lab's line for a run made on another processor than its calibration's, or null when it was not (or either is
   * not known).
   */
  public static String note(RunRecord r) {
    if (r == null || differs(r.processor(), r.calibration().processor()) == null) {
      return null;
    }
    return "Another machine: recorded on " + r.processor() + ", its calibration measured on " + r.calibration().processor()
        + " (its replay is priced by that machine's costs, not this one's)";
  }
}
