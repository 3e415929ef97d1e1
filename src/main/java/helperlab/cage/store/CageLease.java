package helperlab.cage.store;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Properties;

/**
 * One cage per identity on a database: a PostgreSQL session advisory lock on the identity, held by a
 * connection of its own for the cage's life. The server lets go when that session ends, however the
 * cage ends (kill -9 included), so a restarted cage takes it back; a second live cage with the same
 * identity is refused.
 */
final class CageLease implements AutoCloseable {
  /** A killed cage's session may linger a moment on the server: its successor waits this long for it. */
  static final long WAIT_MS = 5000;

  /** Another live cage holds this identity on this database. */
  public static final class Taken extends IllegalStateException {
    Taken(String message) {
      super(message);
    }
  }

  private final Connection session;

  private CageLease(Connection session) {
    this.session = session;
  }

  static CageLease take(String jdbcUrl, String cageId) throws SQLException {
    Properties p = PgDatabases.connectProps();
    p.setProperty("tcpKeepAlive", "true");
    p.setProperty("ApplicationName", "helper-lab cage " + cageId + " (lease)");
    Connection c = DriverManager.getConnection(jdbcUrl, p);
    try (PreparedStatement s = c.prepareStatement("select pg_try_advisory_lock(hashtextextended(?, 0))")) {
      s.setString(1, "helperlab-cage:" + cageId);
      long until = System.currentTimeMillis() + WAIT_MS;
      while (true) {
        try (ResultSet rs = s.executeQuery()) {
          rs.next();
          if (rs.getBoolean(1)) {
            return new CageLease(c);
          }
        }
        if (System.currentTimeMillis() > until) {
          break;
        }
        Thread.sleep(200); // polling the server's lock table; there is no event to wait on
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    c.close();
    throw new Taken("another cage with identity '" + cageId + "' is running on " + CageStore.redact(jdbcUrl)
        + " (it holds the identity's lock): stop it first, or give this cage its own data directory or cage_id");
  }

  @Override
  public void close() {
    try {
      session.close();
    } catch (SQLException e) {
      // the server lets go of the lock with the session either way
    }
  }
}
