package helperlab.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Which processor a machine runs on, as its kernel names it: {@code /proc/cpuinfo}'s first "model name", with the
 * first processor's family, model and stepping where the kernel gives them (e.g. "AMD EPYC (family 26, model 2,
 * stepping 1)"). A VM's model name is often only the make ("AMD EPYC", "Intel(R) Xeon(R) Processor"), which two
 * generations share; the family and model tell them apart. A calibration and the runs priced by it are one machine
 * only when they name the same processor: two VMs of one size on different processors differ in more than speed
 * (the shape of the cost curve, contention), which no pace corrects.
 */
public final class Processor {
  private static final String DETAILS = " (family ";

  private Processor() {}

  /** This machine's processor, or null when the kernel does not say (not Linux, or no model name). */
  public static String here() {
    return fromCpuinfo(Path.of("/proc/cpuinfo"));
  }

  static String fromCpuinfo(Path cpuinfo) {
    try {
      Map<String, String> first = new HashMap<>();
      for (String line : Files.readAllLines(cpuinfo)) {
        int colon = line.indexOf(':');
        if (colon <= 0) {
          if (line.isBlank() && !first.isEmpty()) {
            break; // the first processor's block ends
          }
          continue;
        }
        first.putIfAbsent(line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
            line.substring(colon + 1).trim().replaceAll("\\s+", " "));
      }
      String name = first.get("model name");
      if (name == null || name.isEmpty()) {
        return null;
      }
      String family = first.get("cpu family");
      String model = first.get("model");
      String stepping = first.get("stepping");
      if (family == null || family.isEmpty() || model == null || model.isEmpty()) {
        return name;
      }
      return name + DETAILS + family + ", model " + model
          + (stepping == null || stepping.isEmpty() ? "" : ", stepping " + stepping) + ")";
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * Why a run on processor {@code run} is not on the machine of a calibration measured on {@code calibration}, or null
   * when they are the same or either is not known. A name without family and model (kept before they were) is judged
   * by the name alone.
   */
  public static String differs(String run, String calibration) {
    if (run == null || calibration == null || sameProcessor(run, calibration)) {
      return null;
    }
    return "recorded on " + run + ", its calibration measured on " + calibration + ": another machine";
  }

  private static boolean sameProcessor(String a, String b) {
    if (a.equalsIgnoreCase(b)) {
      return true;
    }
    int da = a.indexOf(DETAILS);
    int db = b.indexOf(DETAILS);
    if (da >= 0 && db >= 0) {
      return false; // both say their family and model, and they differ
    }
    return (da >= 0 ? a.substring(0, da) : a).equalsIgnoreCase(db >= 0 ? b.substring(0, db) : b);
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
