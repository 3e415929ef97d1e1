package helperlab.cage.store;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * The store's writes, each in one transaction of its own, refused (a {@link Fenced}) unless this cage still holds its
 * identity: the epoch it took is checked first, in the same transaction (see {@link CageLease#fence}). On failure
 * nothing of a write is written.
 */
final class FencedWriter {
  /** What one write does on its transaction's connection. */
  interface Work {
    void on(Connection c) throws SQLException;
  }

  private final StoreConnections connections;
  /** The cage's hold on its identity; null for a store that holds none (nothing to check). */
  private final CageLease lease;

  FencedWriter(StoreConnections connections, CageLease lease) {
    this.connections = connections;
    this.lease = lease;
  }

  /** Does {@code work} in one transaction of its own, after the fence; rolled back whole if any of it fails. */
  void write(Work work) throws SQLException {
    try (Connection c = connections.get()) {
      c.setAutoCommit(false);
      try {
        fence(c);
        work.on(c);
        c.commit();
      } catch (SQLException | RuntimeException e) {
        try {
          c.rollback();
        } catch (SQLException ignored) {
          // the connection is gone; the transaction is too
        }
        throw e;
      }
    }
  }

  /** Refuses the transaction open on {@code c} (a {@link Fenced}) unless this cage still holds its identity. */
  void fence(Connection c) throws SQLException {
    if (lease != null) {
      lease.fence(c);
    }
  }
}
