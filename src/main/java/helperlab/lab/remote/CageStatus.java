package helperlab.lab.remote;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.model.Interference;
import helperlab.model.MachineSpec;
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

  /** Reads a status reply; fields the cage did not send read as empty or zero. */
  public static CageStatus of(JsonNode s) {
    JsonNode b = s.path("budget");
    JsonNode l = s.path("limits");
    int busy = 0;
    for (JsonNode w : s.path("workers")) {
      if (w.path("image").asInt(-1) >= 0) { // an image in flight
        busy++;
      }
    }
    return new CageStatus(s.path("policy").asText(""), s.path("admission").asText(""), b.path("workers").asInt(),
        b.path("reason").asText(""), l.path("cpus").asDouble(), l.path("cpus_from").asText(""),
        l.path("memory_bytes").asDouble() / (1024.0 * 1024.0), l.path("memory_from").asText(""),
        s.path("max_processes").asInt(), s.path("processes").asInt(), s.path("workers").size(), busy,
        s.path("queue").asInt(), s.path("run").path("id").asText(""), s.path("run").path("kind").asText(""),
        s.path("calibration").asText(""), s.path("calibrated").asBoolean(false), s.path("cage").asText(""),
        s.path("calibration_check").path("checked").asBoolean(false), doubts(s.path("calibration_check")),
        Interference.ofJson(s.path("run").path("interference")), leaseWords(s.path("lease")),
        storageWords(s.path("storage")));
  }

  /** "held (epoch 3)", "lost: why", "retaking: why"; empty when the cage does not say. */
  static String leaseWords(JsonNode l) {
    String state = l.path("state").asText("");
    if (state.isEmpty()) {
      return "";
    }
    return state.equals("held") ? "held (epoch " + l.path("epoch").asLong() + ")" : state + ": " + l.path("why").asText("");
  }

  /** "ok: outbox 12.3 MiB free, ..." or "paused: the last fault, ..."; empty when the cage does not say. */
  static String storageWords(JsonNode st) {
    if (!st.has("paused")) {
      return "";
    }
    List<String> free = new ArrayList<>();
    st.path("places").forEach(p -> free.add(String.format(Locale.ROOT, "%s %.1f MiB free", p.path("name").asText(),
        p.path("free_mb").asDouble())));
    JsonNode e = st.path("last_error");
    String fault = e.isObject() ? e.path("reason").asText() + " (" + e.path("errno").asText() + ") at "
        + e.path("path").asText() : "";
    return st.path("paused").asBoolean() ? "paused, work waits: " + fault + "; " + String.join(", ", free)
        : "ok: " + String.join(", ", free);
  }

  private static List<String> doubts(JsonNode check) {
    List<String> d = new ArrayList<>();
    check.path("doubts").forEach(n -> d.add(n.asText()));
    return d;
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
