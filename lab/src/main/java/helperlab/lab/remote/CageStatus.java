package helperlab.lab.remote;

import helperlab.model.Interference;
import helperlab.model.MachineSpec;
import helperlab.protocol.CageStatusReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a cage's {@code status} answer says, as the lab shows it: the policy, the worker budget and
 * why, the limits and where they were found, the workers and the queue, and the run that is on (with
 * how much of its CPU the host took so far, {@code runInterference}, null from a cage that does not say), its hold on
 * its identity ({@code lease}) and the storage where it writes ({@code storage}), in words, empty from a cage that does
 * not say.
 */
public record CageStatus(String policy, String admission, int budgetWorkers, String budgetReason, double cpus,
    String cpusFrom, double memoryMb, String memoryFrom, int maxProcesses, int processes, int workers, int busy,
    int queue, String runId, String runKind, String calibration, boolean calibrated, String cage,
    boolean calibrationChecked, List<String> calibrationDoubts, Interference runInterference, String lease,
    String storage) {
  public CageStatus {
    calibrationDoubts = calibrationDoubts == null ? List.of() : List.copyOf(calibrationDoubts);
  }

  /** The lab's view of a status the cage wrote (read through the protocol's record: {@code CageClient.status()}). */
  public static CageStatus of(CageStatusReport s) {
    CageStatusReport.Budget b = s.budget() != null ? s.budget() : new CageStatusReport.Budget(0, 0, 0, "", 0, 0);
    CageStatusReport.Limits l = s.limits() != null ? s.limits()
        : new CageStatusReport.Limits(0, "", 0, "", "", List.of());
    CageStatusReport.Run run = s.run() != null ? s.run()
        : new CageStatusReport.Run("", "", "", 0, null, null, null, null, null);
    CageStatusReport.CalibrationCheck check = s.calibrationCheck() != null ? s.calibrationCheck()
        : new CageStatusReport.CalibrationCheck(false, false, List.of(), null);
    int busy = 0;
    for (CageStatusReport.Worker w : s.workers()) {
      if (w.image() >= 0) { // an image in flight
        busy++;
      }
    }
    return new CageStatus(text(s.policy()),
        text(s.admission()), b.workers(), text(b.reason()), l.cpus(), text(l.cpusFrom()),
        l.memoryBytes() / (1024.0 * 1024.0), text(l.memoryFrom()), s.maxProcesses(), s.processes(),
        s.workers().size(), busy, s.queue(), text(run.id()), text(run.kind()), text(s.calibration()), s.calibrated(),
        text(s.cage()), check.checked(), check.doubts(),
        Interference.ofJson(run.interference()),
        leaseWords(s.lease()), storageWords(s.storage()));
  }

  private static String text(String s) {
    return s == null ? "" : s;
  }

  /** "held (epoch 3)", "lost: why", "retaking: why"; empty when the cage does not say. */
  static String leaseWords(CageStatusReport.Lease l) {
    if (l == null || l.state() == null || l.state().isEmpty()) {
      return "";
    }
    return l.state().equals("held") ? "held (epoch " + l.epoch() + ")" : l.state() + ": " + text(l.why());
  }

  /**
   * "ok, 77.7 GiB free" (one figure when every place the cage writes shares a disk, else each), or "paused, work waits:
   * ENOSPC at outbox (0.3 MiB free)"; empty when the cage does not say.
   */
  static String storageWords(CageStatusReport.Storage st) {
    if (st == null) {
      return "";
    }
    List<String> each = new ArrayList<>();
    java.util.Set<Double> distinct = new java.util.HashSet<>();
    String where = null;
    String failed = st.lastError() == null ? "" : text(st.lastError().path());
    int longest = -1;
    double whereFree = 0;
    for (CageStatusReport.Place p : st.places()) {
      double mb = p.freeMb();
      distinct.add(mb);
      each.add(p.name() + " " + size(mb));
      String path = text(p.path());
      if (!path.isEmpty() && failed.startsWith(path) && path.length() > longest) {
        longest = path.length();
        where = p.name();
        whereFree = mb;
      }
    }
    if (st.paused()) {
      String errno = st.lastError() == null || st.lastError().errno() == null ? "?" : st.lastError().errno();
      return "paused, work waits: " + errno + " at " + (where != null ? where + " (" + size(whereFree) + " free)" : failed);
    }
    return distinct.size() == 1 ? "ok, " + size(distinct.iterator().next()) + " free"
        : "ok: " + String.join(", ", each) + " free";
  }

  private static String size(double mb) {
    return mb >= 1024 ? String.format(Locale.ROOT, "%.1f GiB", mb / 1024) : String.format(Locale.ROOT, "%.1f MiB", mb);
  }

  /** The cage's calibration was measured here but judged doubtful (a noisy host, a curve that dips). */
  public boolean calibrationDoubtful() {
    return calibrated && !calibrationDoubts.isEmpty();
  }

  /** The calibration row's words: measured or not, and whether it can be trusted. */
  String calibrationWords() {
    if (!calibrated) {
      return "not calibrated: the seed's placeholder (" + calibration + "); replays of its runs are not comparisons";
    }
    if (calibrationDoubtful()) {
      return "doubtful: " + String.join("; ", calibrationDoubts) + " (measured on this cage: " + calibration
          + "; calibrate again when the host is quiet)";
    }
    return "measured on this cage (" + calibration + ")" + (calibrationChecked ? ", the host steady"
        : ", not checked for a steady host");
  }

  /** The cage as the simulator's machine model (what the overlay replays on). */
  public MachineSpec machine() {
    double cores = cpus > 0 ? cpus : MachineSpec.builtIn("cage").cores();
    double mem = memoryMb > 0 ? memoryMb : MachineSpec.builtIn("cage").memoryMb();
    return MachineSpec.builder().name("cage").cores(cores).memoryMb(mem).maxProcesses(maxProcesses > 0 ? maxProcesses : null)
        .workerBudget(budgetWorkers > 0 ? budgetWorkers : null).build();
  }

  /** The lab's line when the host starved the run that is on, else null. */
  public String starvedNote() {
    return Interference.starvedNote(runInterference);
  }

  /** Label and value rows for the status panel. */
  public List<String[]> rows() {
    List<String[]> r = new ArrayList<>();
    r.add(new String[] {"Policy", policy + (admission.isEmpty() ? "" : " (admission " + admission + ")")});
    r.add(new String[] {"Budget", budgetWorkers + " workers, limited by " + budgetReason});
    r.add(new String[] {"CPUs", String.format(Locale.ROOT, "%.2f  from %s", cpus, cpusFrom)});
    r.add(new String[] {"Memory", String.format(Locale.ROOT, "%.0f MB  from %s", memoryMb, memoryFrom)});
    r.add(new String[] {"Workers", workers + " (" + busy + " busy), " + processes + " processes of at most "
        + maxProcesses});
    r.add(new String[] {"Queue", queue + " images"});
    r.add(new String[] {"Run", runId + (runKind.isEmpty() ? "" : " (" + runKind + ")")});
    if (runInterference != null && runInterference.starved()) {
      r.add(new String[] {"Host", runInterference.words()});
    }
    r.add(new String[] {"Calibration", calibrationWords()});
    r.add(new String[] {"Cage", cage});
    if (!lease.isEmpty()) {
      r.add(new String[] {"Lease", lease});
    }
    if (!storage.isEmpty()) {
      r.add(new String[] {"Storage", storage});
    }
    return r;
  }
}
