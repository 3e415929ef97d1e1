package helperlab.cage.store;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Properties;
import org.postgresql.Driver;

/** The cage's database itself, made or dropped through the server's {@code postgres} database. */
final class PgDatabases {
  private PgDatabases() {}

  /** The database named in the URL, created through the server's {@code postgres} database if missing. */
  static void createIfMissing(String jdbcUrl) throws SQLException {
    Properties p = Driver.parseURL(jdbcUrl, new Properties());
    if (p == null) {
      throw new SQLException("not a PostgreSQL JDBC URL: " + CageStore.redact(jdbcUrl));
    }
    String db = p.getProperty("PGDBNAME");
    if (db == null || db.isEmpty() || db.equals("postgres")) {
      return;
    }
    String admin = jdbcUrl.replaceFirst("(jdbc:postgresql://[^/]*/)[^?]*", "$1postgres");
    try (Connection c = connect(admin);
        PreparedStatement q = c.prepareStatement("select 1 from pg_database where datname = ?")) {
      q.setString(1, db);
      try (ResultSet rs = q.executeQuery()) {
        if (rs.next()) {
          return;
        }
      }
      try (Statement s = c.createStatement()) {
        s.execute("create database \"" + db.replace("\"", "\"\"") + "\"");
      } catch (SQLException e) {
        if (!"42P04".equals(e.getSQLState())) { // created meanwhile by someone else: fine
          throw e;
        }
      }
    }
  }

  static Connection connect(String jdbcUrl) throws SQLException {
    try {
      return DriverManager.getConnection(jdbcUrl, connectProps());
    } catch (SQLException e) {
      throw plain(jdbcUrl, e);
    }
  }

  /** Drops the database the URL names (through the server's {@code postgres} database), if it exists. */
  static void drop(String jdbcUrl) throws SQLException {
    Properties p = Driver.parseURL(jdbcUrl, new Properties());
    String db = p == null ? null : p.getProperty("PGDBNAME");
    if (db == null || db.isEmpty() || db.equals("postgres")) {
      throw new SQLException("not a PostgreSQL JDBC URL naming a database of its own: " + CageStore.redact(jdbcUrl));
    }
    String admin = jdbcUrl.replaceFirst("(jdbc:postgresql://[^/]*/)[^?]*", "$1postgres");
    try (Connection c = DriverManager.getConnection(admin, connectProps()); Statement s = c.createStatement()) {
      s.execute("drop database if exists \"" + db.replace("\"", "\"\"") + "\" with (force)");
    }
  }

  /**
   * Bounded at every step: something that accepts the connection and never answers (another service's
   * port) fails the login after {@link #LOGIN_TIMEOUT_S} instead of holding the start-up forever.
   */
  static Properties connectProps() {
    Properties p = new Properties();
    p.setProperty("connectTimeout", "3");
    p.setProperty("loginTimeout", Integer.toString(LOGIN_TIMEOUT_S));
    p.setProperty("socketTimeout", "15");
    return p;
  }

  static final int LOGIN_TIMEOUT_S = 5;

  /** A failed connection in plain words: a server that never answered is not "refused". */
  static SQLException plain(String jdbcUrl, SQLException e) {
    String m = String.valueOf(e.getMessage());
    if (m.toLowerCase(java.util.Locale.ROOT).contains("timed out") || m.toLowerCase(java.util.Locale.ROOT).contains("timeout")) {
      return new SQLException("no PostgreSQL answer from " + CageStore.redact(jdbcUrl) + " within " + LOGIN_TIMEOUT_S
          + " s: something may accept connections there without speaking PostgreSQL (another service's port?), or the"
          + " server is stuck (" + m + ")", e.getSQLState(), e);
    }
    return e;
  }
}
