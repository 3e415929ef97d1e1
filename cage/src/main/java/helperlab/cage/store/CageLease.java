package helperlab.cage.store;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import helperlab.cage.store.LeaseStatus.State;

/**
 * One cage per identity on a database, and a fence for a cage that lost it. Taking the identity: a PostgreSQL session
 * advisory lock on it, held by a connection of its own, and the identity's epoch (the fencing token, table
 * {@code cage_leases}) moved up by one, with this process recorded as its holder. A starting cage whose recorded
 * holder is still alive on this host is refused even when the lock is free (the holder's session died in a database
 * restart and it is taking the lock back).
 *
 * <p>Keeping it: a keeper thread looks at the session every {@link #KEEP_EVERY_MS}; when the session has died (a
 * restart, a terminated backend) it reconnects and takes the lock back, and holds the identity again only if the
 * epoch is still its own. If the epoch moved on, another cage took the identity: the lease is lost for good. Every
 * write of the store checks the epoch in its own transaction ({@link #fence}), so whatever the keeper has or has not
 * seen yet, a stale writer's write is refused by the database itself.
 */
final class CageLease implements AutoCloseable {
  /** A killed cage's session may linger a moment on the server: its successor waits this long for it. */
  static final long WAIT_MS = 5000;
  /** How often the keeper looks at its session, and tries to take the lock back once it died. */
  static final long KEEP_EVERY_MS = 500;

  /** Another live cage holds this identity on this database. */
  public static final class Taken extends IllegalStateException {
    Taken(String message) {
      super(message);
    }
  }

  private final String jdbcUrl;
  private final String cageId;
  private final LeaseHolder me;
  private final long epoch;
  private final List<Consumer<LeaseStatus>> watchers = new CopyOnWriteArrayList<>();
  private final Thread keeper;
  private volatile Connection session;
  private volatile LeaseStatus status;
  private volatile boolean closed;

  private CageLease(String jdbcUrl, String cageId, LeaseHolder me, long epoch, Connection session) {
    this.jdbcUrl = jdbcUrl;
    this.cageId = cageId;
    this.me = me;
    this.epoch = epoch;
    this.session = session;
    this.status = new LeaseStatus(State.HELD, epoch, Instant.now(), null);
    me.holding(true);
    this.keeper = new Thread(this::keep, "cage-lease");
    this.keeper.setDaemon(true);
    this.keeper.start();
  }

  static CageLease take(String jdbcUrl, String cageId) throws SQLException {
    Connection c = connect(jdbcUrl, cageId);
    try {
      if (!waitForLock(c, cageId)) {
        throw new Taken(taken(jdbcUrl, cageId, "it holds the identity's lock"));
      }
      LeaseHolder me = LeaseHolder.here();
      long epoch = claim(c, jdbcUrl, cageId, me);
      return new CageLease(jdbcUrl, cageId, me, epoch, c);
    } catch (SQLException | RuntimeException e) {
      closeQuietly(c);
      throw e;
    }
  }

  private static String taken(String jdbcUrl, String cageId, String how) {
    return "another cage with identity '" + cageId + "' is running on " + CageStore.redact(jdbcUrl) + " (" + how
        + "): stop it first, or give this cage its own data directory or cage_id";
  }

  private static boolean waitForLock(Connection c, String cageId) throws SQLException {
    long until = System.currentTimeMillis() + WAIT_MS;
    while (true) {
      if (tryLock(c, cageId)) {
        return true;
      }
      if (System.currentTimeMillis() > until) {
        return false;
      }
      try {
        Thread.sleep(200); // polling the server's lock table; there is no event to wait on
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
  }

  /**
   * With the lock held: refuses if the recorded holder is alive here, else moves the epoch up and records this
   * process as the holder; returns the new epoch.
   */
  private static long claim(Connection c, String jdbcUrl, String cageId, LeaseHolder me) throws SQLException {
    c.setAutoCommit(false);
    try {
      try (PreparedStatement s = c.prepareStatement("insert into cage_leases (cage_id, epoch, host, pid, started, token)"
          + " values (?, 0, '', 0, '', '') on conflict (cage_id) do nothing")) {
        s.setString(1, cageId);
        s.executeUpdate();
      }
      long was;
      LeaseHolder holder;
      try (PreparedStatement s = c.prepareStatement(
          "select epoch, host, pid, started, token from cage_leases where cage_id = ? for update")) {
        s.setString(1, cageId);
        try (ResultSet rs = s.executeQuery()) {
          rs.next();
          was = rs.getLong(1);
          holder = new LeaseHolder(rs.getString(2), rs.getLong(3), rs.getString(4), rs.getString(5));
        }
      }
      if (holder.pid() > 0 && holder.knownAlive()) {
        c.rollback();
        unlock(c, cageId);
        throw new Taken(taken(jdbcUrl, cageId, holder.words() + " holds it: its hold on the identity's lock ended"
            + " with its database session (a database restart?) and it is taking it back"));
      }
      try (PreparedStatement s = c.prepareStatement("update cage_leases set epoch = ?, host = ?, pid = ?, started = ?,"
          + " token = ?, taken_at = now() where cage_id = ?")) {
        s.setLong(1, was + 1);
        s.setString(2, me.host());
        s.setLong(3, me.pid());
        s.setString(4, me.started());
        s.setString(5, me.token());
        s.setString(6, cageId);
        s.executeUpdate();
      }
      c.commit();
      return was + 1;
    } catch (SQLException | RuntimeException e) {
      try {
        c.rollback();
      } catch (SQLException ignored) {
        // the session is gone; so is the transaction
      }
      throw e;
    } finally {
      try {
        c.setAutoCommit(true);
      } catch (SQLException ignored) {
        // closed by the caller on the way out
      }
    }
  }

  /** This cage's epoch: what every write it makes must still find in the table. */
  long epoch() {
    return epoch;
  }

  LeaseStatus status() {
    return status;
  }

  /** Told of every change of the lease (on the keeper's thread, or on a writer's when a write finds it lost). */
  void watch(Consumer<LeaseStatus> watcher) {
    watchers.add(watcher);
  }

  /**
   * In the transaction a write is about to make on {@code c}: refuses it unless the identity's epoch is still this
   * cage's. The row is read {@code for share}, so a cage taking the identity over waits for this write to end, and
   * every write after it sees the new epoch.
   */
  void fence(Connection c) throws SQLException {
    LeaseStatus now = status;
    if (now.state() == State.LOST) {
      throw new Fenced(now.why());
    }
    try (PreparedStatement s = c.prepareStatement("select epoch from cage_leases where cage_id = ? for share")) {
      s.setString(1, cageId);
      try (ResultSet rs = s.executeQuery()) {
        long found = rs.next() ? rs.getLong(1) : -1;
        if (found != epoch) {
          String why = movedOn(found);
          lost(why);
          throw new Fenced(why);
        }
      }
    }
  }

  private String movedOn(long found) {
    return "another cage took identity '" + cageId + "' on " + CageStore.redact(jdbcUrl) + " (its epoch is now " + found
        + ", this cage's " + epoch + "): this cage writes nothing more; stop it";
  }

  private void keep() {
    while (!closed && status.state() != State.LOST) {
      try {
        Thread.sleep(KEEP_EVERY_MS); // a period: the session's death is seen only by asking it
      } catch (InterruptedException e) {
        return;
      }
      check();
    }
  }

  /** One look: the session still answers (the lock is held), or it is taken back, or the identity is found lost. */
  void check() {
    Connection s = session;
    if (s != null) {
      try (Statement st = s.createStatement()) {
        st.setQueryTimeout(3);
        st.execute("select 1");
        if (status.state() != State.HELD) {
          change(State.HELD, null);
        }
        return;
      } catch (SQLException e) {
        session = null;
        closeQuietly(s);
        change(State.RETAKING, "its database session ended (" + e.getMessage() + "); taking the lock back");
      }
    }
    retake();
  }

  private void retake() {
    Connection c;
    try {
      c = connect(jdbcUrl, cageId);
    } catch (SQLException e) {
      change(State.RETAKING, "PostgreSQL at " + CageStore.redact(jdbcUrl) + " does not answer (" + e.getMessage()
          + "); the lock is taken back when it does");
      return;
    }
    try {
      boolean locked = tryLock(c, cageId);
      long found = currentEpoch(c, cageId);
      if (found != epoch) {
        closeQuietly(c); // lets go of the lock with the session
        lost(movedOn(found));
        return;
      }
      if (!locked) {
        closeQuietly(c);
        change(State.RETAKING, "another session holds the identity's lock for now (a cage starting with the same"
            + " identity is told this one lives); the epoch is still this cage's");
        return;
      }
      if (closed) {
        closeQuietly(c);
        return;
      }
      session = c;
      change(State.HELD, null);
    } catch (SQLException e) {
      closeQuietly(c);
      change(State.RETAKING, "taking the lock back failed (" + e.getMessage() + ")");
    }
  }

  private void lost(String why) {
    if (status.state() != State.LOST) {
      change(State.LOST, why);
    }
  }

  private synchronized void change(LeaseStatus.State state, String why) {
    if (status.state() == State.LOST) {
      return; // for good
    }
    if (status.state() == state && java.util.Objects.equals(status.why(), why)) {
      return;
    }
    Instant since = status.state() == state ? status.since() : Instant.now();
    status = new LeaseStatus(state, epoch, since, why);
    for (Consumer<LeaseStatus> w : watchers) {
      w.accept(status);
    }
  }

  private static long currentEpoch(Connection c, String cageId) throws SQLException {
    try (PreparedStatement s = c.prepareStatement("select epoch from cage_leases where cage_id = ?")) {
      s.setString(1, cageId);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next() ? rs.getLong(1) : -1;
      }
    }
  }

  private static final String APP = "helper-lab cage ";
  private static final String LEASE = " (lease)";

  private static boolean tryLock(Connection c, String cageId) throws SQLException {
    try (PreparedStatement s = c.prepareStatement("select pg_try_advisory_lock(hashtextextended(?, 0))")) {
      s.setString(1, "helperlab-cage:" + cageId);
      try (ResultSet rs = s.executeQuery()) {
        rs.next();
        return rs.getBoolean(1);
      }
    }
  }

  private static void unlock(Connection c, String cageId) throws SQLException {
    try (PreparedStatement s = c.prepareStatement("select pg_advisory_unlock(hashtextextended(?, 0))")) {
      s.setString(1, "helperlab-cage:" + cageId);
      s.execute();
    }
  }

  private static Connection connect(String jdbcUrl, String cageId) throws SQLException {
    Properties p = PgDatabases.connectProps();
    p.setProperty("tcpKeepAlive", "true");
    p.setProperty("socketTimeout", "5"); // a frozen server is seen within seconds, not the pool's 15
    p.setProperty("ApplicationName", APP + cageId + LEASE);
    return DriverManager.getConnection(jdbcUrl, p);
  }

  private static void closeQuietly(Connection c) {
    try {
      c.close();
    } catch (SQLException e) {
      // the server lets go of the lock with the session either way
    }
  }

  @Override
  public void close() {
    closed = true;
    keeper.interrupt();
    me.holding(false);
    Connection s = session;
    session = null;
    if (s != null) {
      closeQuietly(s);
    }
  }
}
