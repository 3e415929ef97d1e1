package helperlab.cage.run;

import helperlab.cage.config.CageConfig;
import helperlab.cage.worker.ProcStat;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The CPU the cage's own front spends: the supervisor (intake, admission, scheduler, and an exhibit's
 * clients), its PostgreSQL backends and Redis, where they run on this host. A busy worker short of CPU while
 * these ran lost it to the service itself (a retry storm costs the front door too), not to the host; the
 * watchdog's round asks this for each round's share. Used only on the supervisor's thread.
 */
public final class FrontCpu {
  private final long self;
  private final Supplier<? extends Collection<Long>> databaseBackends;
  private final LongSupplier redisServer;
  /** Each process's CPU at the last round; a process first seen counts from then. */
  private Map<Long, Double> last = new HashMap<>();

  /**
   * @param databaseBackends the PostgreSQL backends serving this cage's connections (none when the database is
   *     not on this host)
   * @param redisServer the Redis server's process, or 0 when it is unknown or not on this host
   */
  FrontCpu(long self, Supplier<? extends Collection<Long>> databaseBackends, LongSupplier redisServer) {
    this.self = self;
    this.databaseBackends = databaseBackends;
    this.redisServer = redisServer;
  }

  /** The front of the cage this process supervises: its database and Redis counted where they run on this host. */
  public static FrontCpu of(CageConfig config, helperlab.cage.store.CageStore store, helperlab.cage.events.EventStream stream) {
    boolean db = ThisHost.runs(config.services().pgUrl());
    boolean redis = ThisHost.runs(config.services().redisUrl());
    return new FrontCpu(ProcessHandle.current().pid(), db ? store::backendPids : java.util.List::of,
        redis ? stream::serverPid : () -> 0);
  }

  /** CPU-seconds the front's processes spent since the last call (0 at the first). */
  double spentSinceLastRound() {
    Map<Long, Double> now = new HashMap<>();
    double spent = count(now, self, null);
    for (long pid : databaseBackends.get()) {
      spent += count(now, pid, "postgres");
    }
    spent += count(now, redisServer.getAsLong(), "redis-server");
    last = now;
    return spent;
  }

  private double count(Map<Long, Double> now, long pid, String command) {
    if (pid <= 0 || now.containsKey(pid)) {
      return 0;
    }
    double cpu = ProcStat.cpuSecondsOf(pid, command);
    if (Double.isNaN(cpu)) {
      return 0; // gone, or not what it was (a pid taken by another process)
    }
    now.put(pid, cpu);
    Double before = last.get(pid);
    return before == null ? 0 : Math.max(0, cpu - before);
  }
}
