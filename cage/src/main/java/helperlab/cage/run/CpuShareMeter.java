package helperlab.cage.run;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.worker.HostCpuTime;
import helperlab.cage.worker.HostLoad;
import helperlab.model.DataFile;
import helperlab.model.Interference;
import java.util.ArrayDeque;
import java.util.Locale;

/**
 * Measures through a run how much of its CPU the cage got: at every watchdog round, the CPU its busy
 * workers could have used since the last (one core each, at most the cage's cores) against the CPU
 * their processes spent (from /proc), and of what they lacked, how much the host's other processes took
 * and how much the cage's own front spent; with the host's steal (/proc/stat) and run queue beside it.
 * Over the whole run that is the run's interference; over the last {@link #WINDOW_S} seconds it is the
 * share admission plans on as the run goes ({@link #share}). Used only on the supervisor's thread.
 */
public final class CpuShareMeter {
  /** Seconds of rounds the live share is smoothed over: long enough that one bad round moves it little. */
  public static final double WINDOW_S = 20;
  /** CPU-seconds the busy workers must have wanted within the window before their share is planned on. */
  static final double MIN_WINDOW_WANTED_S = 2;
  /** No share planned on is lower: a run that got nothing lately still plans on a sliver, and the door never shuts. */
  public static final double FLOOR = 0.05;

  /**
   * The share of its wanted CPU admission plans on now, and where it comes from in words.
   *
   * @param measured whether it was measured on this run's own busy workers (else it is a stand-in)
   */
  public record Share(double value, boolean measured, String words) {}

  /** One watchdog round: CPU wanted and got since the last, and the share of a core the run queue left a thread. */
  private record Round(double at, double wantedS, double gotS, double fairShare) {}

  /**
   * What the cage spent in one watchdog round, by who: its busy workers (with an image in hand), its other
   * workers (starting, warming, idle) and its front (supervisor, database backends, Redis; NaN: not measured);
   * and how many busy workers were held stopped from outside (SIGSTOP, a debugger: the host's doing).
   */
  public record Spent(double busyWorkersS, double otherWorkersS, double frontS, int heldBusyWorkers) {}

  private final ArrayDeque<Round> window = new ArrayDeque<>();
  private double wantedS;
  private double gotS;
  private double hostTookS;
  private double frontTookS;
  private double lastAt = -1;
  private HostCpuTime lastHost;
  private double runQueueSum;
  private int runQueueN;
  private final HostCpuTime host0 = HostCpuTime.read();
  private int cpus = Runtime.getRuntime().availableProcessors();

  /**
   * One round: {@code busy} workers had an image in hand over the {@code now - last} seconds, and spent
   * {@code spent.busyWorkersS()} between the two looks. What the cage's other workers took of its cores is the
   * cage's own doing (a policy that spawns helpers pays for their start-ups), not the host's: the busy workers
   * can want only what is left. Of what they wanted and did not get, the host took at most what its other
   * processes spent meanwhile ({@code hostCpu}, the host's CPU time so far, less the cage's and its front's)
   * and what the busy workers it held stopped could have used;
   * the front took at most what it spent; a lack neither explains is nobody's (the kernel's slicing, the
   * counters' ticks). Without {@code hostCpu} every CPU-second lacked counts against the host.
   */
  public void observe(double now, int busy, double capacityCores, Spent spent, HostCpuTime hostCpu, HostLoad host) {
    double wanted = 0;
    double got = 0;
    if (lastAt >= 0 && now > lastAt) {
      double dt = now - lastAt;
      wanted = Math.min(Math.min(busy, capacityCores) * dt, Math.max(0, capacityCores * dt - spent.otherWorkersS()));
      got = spent.busyWorkersS();
      wantedS += wanted;
      gotS += got;
      double lacked = Math.max(0, wanted - got);
      double front = Double.isNaN(spent.frontS()) ? 0 : spent.frontS();
      double hostTook = lacked;
      if (hostCpu != null && lastHost != null) {
        double others = hostCpu.busyS() - lastHost.busyS() - spent.busyWorkersS() - spent.otherWorkersS() - front;
        double held = Math.min(spent.heldBusyWorkers(), capacityCores) * dt;
        hostTook = Math.min(lacked, Math.max(0, others) + held);
        frontTookS += Math.min(lacked - hostTook, front);
      }
      hostTookS += hostTook;
    }
    lastAt = now;
    lastHost = hostCpu;
    double fair = Double.NaN;
    if (host != null && host.runnable() > 0) {
      runQueueSum += host.runnable() - 1;
      runQueueN++;
      cpus = host.cpus();
      fair = fairShare(host, busy);
    }
    window.addLast(new Round(now, wanted, got, fair));
    while (window.peekFirst().at() <= now - WINDOW_S) {
      window.removeFirst();
    }
  }

  /**
   * The share of a core the kernel's fair scheduler would give each of the cage's threads now: the CPUs
   * over the runnable threads, the others' and the cage's busy workers' (the reader not counted).
   */
  public static double fairShare(HostLoad host, int busy) {
    int others = Math.max(0, host.runnable() - 1 - busy);
    return Math.min(1, host.cpus() / (double) (others + Math.max(1, busy)));
  }

  /**
   * The share admission plans on now: what the run's busy workers got of the CPU they wanted over the
   * last {@link #WINDOW_S} seconds, once they wanted at least {@link #MIN_WINDOW_WANTED_S} CPU-seconds in
   * it; before that (a run just begun, or idle lately) the lower of {@code previousRun} (the share the
   * previous run got, or null) and the share the host's run queue leaves a thread; null when neither is
   * known. Never below {@link #FLOOR}.
   */
  public Share share(Double previousRun) {
    double wanted = 0;
    double got = 0;
    double fairSum = 0;
    int fairN = 0;
    for (Round r : window) {
      wanted += r.wantedS();
      got += r.gotS();
      if (!Double.isNaN(r.fairShare())) {
        fairSum += r.fairShare();
        fairN++;
      }
    }
    double span = window.isEmpty() ? 0 : window.peekLast().at() - window.peekFirst().at();
    if (wanted >= MIN_WINDOW_WANTED_S) {
      double v = Math.max(FLOOR, Math.min(1, got / wanted));
      return new Share(v, true, String.format(Locale.ROOT,
          "this run's busy workers got %.0f%% of the CPU they wanted over the last %.0f s", 100 * Math.min(1, got / wanted),
          span));
    }
    Double fair = fairN == 0 ? null : Math.max(FLOOR, fairSum / fairN);
    String fairWords = fair == null ? null : String.format(Locale.ROOT,
        "the host's run queue leaves a thread %.0f%% of a core (%d CPUs, last %.0f s)", 100 * fair, cpus, span);
    String previousWords = previousRun == null ? null
        : String.format(Locale.ROOT, "the previous run got %.0f%% of the CPU it wanted", 100 * previousRun);
    String yet = "; not measured on this run's workers yet";
    if (fair == null && previousRun == null) {
      return null;
    }
    if (fair == null || previousRun != null && previousRun <= fair) {
      return new Share(Math.max(FLOOR, previousRun), false, previousWords + yet);
    }
    return new Share(fair, false, fairWords + yet);
  }

  public Interference measured() {
    HostCpuTime now = HostCpuTime.read();
    double steal = 0;
    if (host0 != null && now != null && now.totalS() > host0.totalS()) {
      steal = (now.stealS() - host0.stealS()) / (now.totalS() - host0.totalS());
    }
    double got = Math.min(gotS, wantedS);
    return new Interference(wantedS, got, steal, runQueueN == 0 ? 0 : runQueueSum / runQueueN, cpus,
        Math.min(hostTookS, wantedS - got), frontTookS);
  }

  JsonNode json() {
    return DataFile.JSON.valueToTree(measured());
  }
}
