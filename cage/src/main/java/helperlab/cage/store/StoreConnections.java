package helperlab.cage.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.flywaydb.core.Flyway;

/**
 * The store's connections to its database: a small pool, opened on a schema Flyway has migrated
 * (src/main/resources/db/migration), each connection's backend noted as it is borrowed, and a connection of its own
 * for asking whether the database answers now.
 */
final class StoreConnections implements AutoCloseable {
  private final HikariDataSource pool;
  private final String url;
  private final BackendProcesses backends = new BackendProcesses();

  private StoreConnections(HikariDataSource pool, String url) {
    this.pool = pool;
    this.url = url;
  }

  /**
   * Connects to {@code jdbcUrl} (creating the database if it does not exist) and migrates the schema; rows inserted
   * on these connections carry {@code cageId}.
   */
  static StoreConnections open(String jdbcUrl, String cageId) throws SQLException {
    PgDatabases.createIfMissing(jdbcUrl);
    HikariConfig hc = new HikariConfig();
    // Rows inserted on these connections take the cage's id from the session (the columns' default).
    hc.setConnectionInitSql("set helperlab.cage_id = '" + cageId.replace("'", "''") + "'");
    hc.setJdbcUrl(jdbcUrl);
    hc.setMaximumPoolSize(4);
    hc.setMinimumIdle(1);
    hc.setConnectionTimeout(2000);
    hc.setValidationTimeout(1000);
    hc.setPoolName("cage-store");
    hc.addDataSourceProperty("connectTimeout", "3");
    hc.addDataSourceProperty("loginTimeout", Integer.toString(PgDatabases.LOGIN_TIMEOUT_S));
    hc.addDataSourceProperty("socketTimeout", "15");
    hc.addDataSourceProperty("tcpKeepAlive", "true");
    hc.addDataSourceProperty("reWriteBatchedInserts", "true");
    hc.addDataSourceProperty("ApplicationName", cageId.isEmpty() ? "helper-lab cage" : "helper-lab cage " + cageId);
    hc.setInitializationFailTimeout(-1);
    HikariDataSource ds = new HikariDataSource(hc);
    try {
      Flyway.configure().dataSource(ds).locations("classpath:db/migration").load().migrate();
    } catch (RuntimeException e) {
      ds.close();
      throw new SQLException("cannot migrate the cage schema in " + CageStore.redact(jdbcUrl) + ": " + e.getMessage(),
          e);
    }
    return new StoreConnections(ds, jdbcUrl);
  }

  /** A connection from the pool, its backend noted (see {@link #backendPids}). */
  Connection get() throws SQLException {
    Connection c = pool.getConnection();
    backends.note(c);
    return c;
  }

  /** The process ids of the PostgreSQL backends lately used (on the database's host, which may be this one). */
  List<Long> backendPids() {
    return backends.pids();
  }

  /** The URL as given (with its password: not for messages). */
  String url() {
    return url;
  }

  /** Whether the database answers now, on a connection from the pool. */
  boolean ping() {
    try (Connection c = get(); Statement s = c.createStatement()) {
      s.execute("select 1");
      return true;
    } catch (SQLException e) {
      return false;
    }
  }

  /**
   * Whether the database answers now, asked on a connection of its own (not the pool's, which may still be waiting
   * out its own retry after an outage), each step bounded to two seconds.
   */
  boolean answersNow() {
    java.util.Properties p = new java.util.Properties();
    p.setProperty("connectTimeout", "2");
    p.setProperty("loginTimeout", "2");
    p.setProperty("socketTimeout", "2");
    p.setProperty("ApplicationName", "helper-lab cage (asking)");
    try (Connection c = java.sql.DriverManager.getConnection(url, p); Statement s = c.createStatement()) {
      s.execute("select 1");
      return true;
    } catch (SQLException e) {
      return false;
    }
  }

  @Override
  public void close() {
    pool.close();
  }
}
