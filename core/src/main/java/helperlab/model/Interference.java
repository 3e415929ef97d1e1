package helperlab.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/**
 * How much of its CPU a real run got from the host: the CPU its busy workers wanted (each busy worker
 * one core, at most the cage's cores) against what they were given, with the host's steal and run
 * queue beside it. A run that lost {@link #STARVED_SHARE} or more of its CPU to the host, over at
 * least {@link #MIN_WANTED_S} CPU-seconds, is starved: its deadlines say more about the host than
 * about the policy, and comparisons with the simulator mark it.
 *
 * @param cpuWantedS CPU-seconds the run's busy workers could have used at the cage's cores
 * @param cpuGotS CPU-seconds they got
 * @param stealShare the host's steal (a hypervisor's other guests) over the run, of all CPU time
 * @param runQueueMean threads waiting for or running on a CPU, on average over the run (the host's)
 * @param cpus the CPUs the cage saw
 * @param hostTookS of the CPU the busy workers lacked, what the host's other processes (and a hypervisor's steal)
 *     can have taken: in each round the lack, at most what they spent; null when not measured (runs recorded
 *     before it was), and then the whole lack counts against the host
 * @param frontTookS of the rest of the lack, what the cage's own front spent meanwhile (the supervisor with an
 *     exhibit's clients, its database backends, Redis on this host): the service's own cost, not the host's;
 *     null when not measured
 */
@com.fasterxml.jackson.annotation.JsonIgnoreProperties(value = {"host_took_share", "starved"}, allowGetters = true)
@com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
public record Interference(
    @JsonProperty("cpu_wanted_s") double cpuWantedS,
    @JsonProperty("cpu_got_s") double cpuGotS,
    @JsonProperty("steal_share") double stealShare,
    @JsonProperty("run_queue_mean") double runQueueMean,
    @JsonProperty("cpus") int cpus,
    @JsonProperty("host_took_s") Double hostTookS,
    @JsonProperty("front_took_s") Double frontTookS) {

  /** A measure that does not tell the host from the cage's front: every CPU-second the workers lacked is the host's. */
  public Interference(double cpuWantedS, double cpuGotS, double stealShare, double runQueueMean, int cpus) {
    this(cpuWantedS, cpuGotS, stealShare, runQueueMean, cpus, null, null);
  }

  /** The share of its CPU a run may lose to the host and still be judged as the policy's. */
  public static final double STARVED_SHARE = 0.2;
  /** Below this much wanted CPU a run is too short to say. */
  public static final double MIN_WANTED_S = 2;

  /** The share of the CPU the run wanted that the host took (0 to 1). */
  @JsonProperty("host_took_share")
  public double hostTookShare() {
    return hostTookS == null ? lackedShare() : share(hostTookS);
  }

  /** The share of the CPU the run wanted that its busy workers did not get, whoever took it (0 to 1). */
  public double lackedShare() {
    return share(cpuWantedS - cpuGotS);
  }

  /** The share of the CPU the run wanted that the cage's own front spent while the workers lacked it, or 0 unmeasured. */
  public double frontTookShare() {
    return frontTookS == null ? 0 : share(frontTookS);
  }

  private double share(double cpuS) {
    return cpuWantedS <= 0 ? 0 : Math.max(0, Math.min(1, cpuS / cpuWantedS));
  }

  @JsonProperty("starved")
  public boolean starved() {
    return cpuWantedS >= MIN_WANTED_S && hostTookShare() >= STARVED_SHARE;
  }

  /**
   * e.g. "the host took 38% of the cage's CPU in this run", and where the cage's own front took a share worth
   * saying ({@link #FRONT_SAID}): "...; its own front (supervisor, database, Redis) took 12%".
   */
  public String words() {
    String host = String.format(Locale.ROOT, "the host took %.0f%% of the cage's CPU in this run", 100 * hostTookShare());
    return frontTookShare() < FRONT_SAID ? host : host + String.format(Locale.ROOT,
        "; its own front (supervisor, database, Redis) took %.0f%%", 100 * frontTookShare());
  }

  /** The front's share is said beside the host's from this much on. */
  static final double FRONT_SAID = 0.05;

  /** The run's measure, or null when it has none (a simulated run, a record from before it was measured). */
  public static Interference of(RunRecord r) {
    return ofJson(r == null ? null : r.interference());
  }

  /** A measure as a record or a cage's {@code status} carries it, or null when there is none. */
  public static Interference ofJson(JsonNode n) {
    if (n == null || !n.has("cpu_wanted_s")) {
      return null;
    }
    return new Interference(n.path("cpu_wanted_s").asDouble(), n.path("cpu_got_s").asDouble(),
        n.path("steal_share").asDouble(), n.path("run_queue_mean").asDouble(), n.path("cpus").asInt(),
        n.hasNonNull("host_took_s") ? n.get("host_took_s").asDouble() : null,
        n.hasNonNull("front_took_s") ? n.get("front_took_s").asDouble() : null);
  }

  /** A run the host starved, in words, or null. */
  public static String starvedWords(RunRecord r) {
    Interference i = of(r);
    return i != null && i.starved() ? i.words() : null;
  }

  /** The lab's line for a starved run (the Runs and Remote views say the same), or null when it was not. */
  public static String starvedNote(Interference i) {
    return i != null && i.starved()
        ? "Starved: " + i.words() + " (deadlines here say more about the host than the policy)" : null;
  }
}
