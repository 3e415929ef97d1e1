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
public record CageStatus(Setup setup, Limits limits, Load load, Run run, CalibrationState calibrationState,
    Health health) {
  /** The policy and the worker budget it gets, and why. */
  public record Setup(String policy, String admission, int budgetWorkers, String budgetReason) {}

  /** The cage's limits and where each was found. */
  public record Limits(double cpus, String cpusFrom, double memoryMb, String memoryFrom, int maxProcesses) {}

  /** Its processes, workers (and how many hold an image) and queue. */
  public record Load(int processes, int workers, int busy, int queue) {}

  /** The run that is on, with how much of its CPU the host took so far (null from a cage that does not say). */
  public record Run(String id, String kind, Interference interference) {}

  /** The calibration it forecasts with: its name, measured here or not, checked for a steady host, its doubts. */
  public record CalibrationState(String name, boolean calibrated, boolean checked, List<String> doubts) {
    public CalibrationState {
      doubts = doubts == null ? List.of() : List.copyOf(doubts);
    }
  }

  /** Which cage, its hold on its identity and its storage, in words (empty from a cage that does not say). */
  public record Health(String cage, String lease, String storage) {}

  public String policy() {
    return setup.policy();
  }

  public String admission() {
    return setup.admission();
  }

  public int budgetWorkers() {
    return setup.budgetWorkers();
  }

  public String budgetReason() {
    return setup.budgetReason();
  }

  public double cpus() {
    return limits.cpus();
  }

  public String cpusFrom() {
    return limits.cpusFrom();
  }

  public double memoryMb() {
    return limits.memoryMb();
  }

  public String memoryFrom() {
    return limits.memoryFrom();
  }

  public int maxProcesses() {
    return limits.maxProcesses();
  }

  public int processes() {
    return load.processes();
  }

  public int workers() {
    return load.workers();
  }

  public int busy() {
    return load.busy();
  }

  public int queue() {
    return load.queue();
  }

  public String runId() {
    return run.id();
  }

  public String runKind() {
    return run.kind();
  }

  public Interference runInterference() {
    return run.interference();
  }

  public String calibration() {
    return calibrationState.name();
  }

  public boolean calibrated() {
    return calibrationState.calibrated();
  }

  public boolean calibrationChecked() {
    return calibrationState.checked();
  }

  public List<String> calibrationDoubts() {
    return calibrationState.doubts();
  }

  public String cage() {
    return health.cage();
  }

  public String lease() {
    return health.lease();
  }

  public String storage() {
    return health.storage();
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
    return new CageStatus(new Setup(text(s.policy()), text(s.admission()), b.workers(), text(b.reason())),
        new Limits(l.cpus(), text(l.cpusFrom()), l.memoryBytes() / (1024.0 * 1024.0), text(l.memoryFrom()),
            s.maxProcesses()),
        new Load(s.processes(), s.workers().size(), busy, s.queue()),
        new Run(text(run.id()), text(run.kind()), Interference.ofJson(run.interference())),
        new CalibrationState(text(s.calibration()), s.calibrated(), check.checked(), check.doubts()),
        new Health(text(s.cage()), leaseWords(s.lease()), storageWords(s.storage())));
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
    return calibrated() && !calibrationDoubts().isEmpty();
  }

  /** The calibration row's words: measured or not, and whether it can be trusted. */
  String calibrationWords() {
    if (!calibrated()) {
      return "not calibrated: the seed's placeholder (" + calibration() + "); replays of its runs are not comparisons";
    }
    if (calibrationDoubtful()) {
      return "doubtful: " + String.join("; ", calibrationDoubts()) + " (measured on this cage: " + calibration()
          + "; calibrate again when the host is quiet)";
    }
    return "measured on this cage (" + calibration() + ")" + (calibrationChecked() ? ", the host steady"
        : ", not checked for a steady host");
  }

  /** The cage as the simulator's machine model (what the overlay replays on). */
  public MachineSpec machine() {
    double cores = cpus() > 0 ? cpus() : MachineSpec.builtIn("cage").cores();
    double mem = memoryMb() > 0 ? memoryMb() : MachineSpec.builtIn("cage").memoryMb();
    return MachineSpec.builder().name("cage").cores(cores).memoryMb(mem)
        .maxProcesses(maxProcesses() > 0 ? maxProcesses() : null)
        .workerBudget(budgetWorkers() > 0 ? budgetWorkers() : null).build();
  }

  /** The lab's line when the host starved the run that is on, else null. */
  public String starvedNote() {
    return Interference.starvedNote(runInterference());
  }

  /** Label and value rows for the status panel. */
  public List<String[]> rows() {
    List<String[]> r = new ArrayList<>();
    r.add(new String[] {"Policy", policy() + (admission().isEmpty() ? "" : " (admission " + admission() + ")")});
    r.add(new String[] {"Budget", budgetWorkers() + " workers, limited by " + budgetReason()});
    r.add(new String[] {"CPUs", String.format(Locale.ROOT, "%.2f  from %s", cpus(), cpusFrom())});
    r.add(new String[] {"Memory", String.format(Locale.ROOT, "%.0f MB  from %s", memoryMb(), memoryFrom())});
    r.add(new String[] {"Workers", workers() + " (" + busy() + " busy), " + processes() + " processes of at most "
        + maxProcesses()});
    r.add(new String[] {"Queue", queue() + " images"});
    r.add(new String[] {"Run", runId() + (runKind().isEmpty() ? "" : " (" + runKind() + ")")});
    if (runInterference() != null && runInterference().starved()) {
      r.add(new String[] {"Host", runInterference().words()});
    }
    r.add(new String[] {"Calibration", calibrationWords()});
    r.add(new String[] {"Cage", cage()});
    if (!lease().isEmpty()) {
      r.add(new String[] {"Lease", lease()});
    }
    if (!storage().isEmpty()) {
      r.add(new String[] {"Storage", storage()});
    }
    return r;
  }
}
