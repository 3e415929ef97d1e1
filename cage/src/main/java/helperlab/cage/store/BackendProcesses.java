package helperlab.cage.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.postgresql.PGConnection;

/**
 * The PostgreSQL backend processes a store's connections have used: where the database runs on this host,
 * their CPU is the cage's own (its front), not the host's. A connection is noted as it is borrowed; a
 * backend whose process is gone from this host is forgotten.
 */
final class BackendProcesses {
  private final Set<Long> pids = ConcurrentHashMap.newKeySet();

  void note(Connection c) {
    try {
      pids.add((long) c.unwrap(PGConnection.class).getBackendPID());
    } catch (SQLException e) {
      // not the PostgreSQL driver's connection underneath: nothing to note
    }
  }

  List<Long> pids() {
    pids.removeIf(pid -> !Files.exists(Path.of("/proc", Long.toString(pid))));
    return List.copyOf(pids);
  }
}
