package helperlab.cage.measure;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The host over a few seconds ({@link HostSteadiness}): what a thread that only computes waited for a
 * CPU, the cores others kept busy, steal and run queue; -1 where /proc could not be read.
 *
 * @param seconds how long it was read
 * @param waitShare the median slice's share of wall time the spinning thread spent waiting for a CPU
 * @param maxWaitShare the worst slice's
 * @param slices each slice's wait share, in order
 * @param othersCores cores the host's other processes kept busy (all busy time less the spinner's)
 * @param stealShare the hypervisor's steal, of all CPU time
 * @param runQueue mean runnable entities besides the spinner
 * @param cpus the CPUs this JVM sees
 */
public record HostCheck(
    @JsonProperty("seconds") double seconds,
    @JsonProperty("wait_share") double waitShare,
    @JsonProperty("max_wait_share") double maxWaitShare,
    @JsonProperty("slices") List<Double> slices,
    @JsonProperty("others_cores") double othersCores,
    @JsonProperty("steal_share") double stealShare,
    @JsonProperty("run_queue") double runQueue,
    @JsonProperty("cpus") int cpus) {
  /** A computing thread that waits for a CPU longer than this share of the time is not alone. */
  public static final double WAIT_LIMIT = 0.10;
  /** More steal than this and the hypervisor's other guests are in the figures. */
  public static final double STEAL_LIMIT = 0.05;
  /** Others may keep at least this many cores busy before they count (a desktop, a shell). */
  public static final double OTHERS_FLOOR = 0.25;

  public HostCheck {
    slices = slices == null ? List.of() : List.copyOf(slices);
  }

  /**
   * Why this host was not steady enough to calibrate a cage of {@code quota} cores on, one sentence
   * each; empty when it was. Others busier than the cores the quota leaves free take some of the
   * quota's own, so the concurrency ladder's top levels cannot get what they ask for.
   */
  public List<String> doubts(double quota) {
    List<String> d = new ArrayList<>();
    if (waitShare > WAIT_LIMIT) {
      d.add(String.format(Locale.ROOT, "a thread that only computes waited for a CPU %.0f%% of the time (limit %.0f%%)",
          100 * waitShare, 100 * WAIT_LIMIT));
    }
    if (stealShare > STEAL_LIMIT) {
      d.add(String.format(Locale.ROOT, "the hypervisor took %.0f%% of the CPUs (steal; limit %.0f%%)", 100 * stealShare,
          100 * STEAL_LIMIT));
    }
    double room = Math.max(OTHERS_FLOOR, cpus - quota);
    if (othersCores > room) {
      d.add(String.format(Locale.ROOT, "other processes kept %.2f of the %d cores busy, more than the %.2f a %.2f-core"
          + " cage leaves free", othersCores, cpus, room, quota));
    }
    return d;
  }

  /** One line for people: the figures, whatever they say. */
  public String summary() {
    return String.format(Locale.ROOT, "a computing thread waited %.0f%% of the time (worst slice %.0f%%); others kept"
        + " %s cores busy; steal %s; run queue %s", 100 * waitShare, 100 * maxWaitShare,
        othersCores < 0 ? "?" : String.format(Locale.ROOT, "%.2f of %d", othersCores, cpus),
        stealShare < 0 ? "?" : String.format(Locale.ROOT, "%.1f%%", 100 * stealShare),
        runQueue < 0 ? "?" : String.format(Locale.ROOT, "%.1f", runQueue));
  }
}
