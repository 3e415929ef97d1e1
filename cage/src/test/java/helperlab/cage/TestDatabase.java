package helperlab.cage;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A database of its own for one test class, created through the server's {@code postgres}
 * database and dropped afterwards, so tests never see each other's (or a user's) data. The server
 * is the loopback PostgreSQL that scripts/services starts, or HELPERLAB_TEST_PG (a JDBC URL).
 */
public final class TestDatabase implements AutoCloseable {
  public static final String SERVER = System.getenv().getOrDefault("HELPERLAB_TEST_PG",
      "jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres");

  final String name;
  private final String server;

  private TestDatabase(String server, String name) {
    this.server = server;
    this.name = name;
  }

  public static TestDatabase create() throws SQLException {
    return create(SERVER);
  }

  public static TestDatabase create(String server) throws SQLException {
    String name = "helperlab_test_" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong()).substring(0, 12);
    try (Connection c = DriverManager.getConnection(server); Statement s = c.createStatement()) {
      s.execute("create database " + name);
    }
    return new TestDatabase(server, name);
  }

  /** The JDBC URL of this database (same server, user and options). */
  public String url() {
    return server.replaceFirst("(jdbc:postgresql://[^/]*/)[^?]*", "$1" + name);
  }

  public Connection connect() throws SQLException {
    return DriverManager.getConnection(url());
  }

  public long count(String sql) throws SQLException {
    try (Connection c = connect(); Statement s = c.createStatement(); var rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Override
  public void close() throws SQLException {
    try (Connection c = DriverManager.getConnection(server); Statement s = c.createStatement()) {
      s.execute("drop database if exists " + name + " with (force)");
    }
  }
}
