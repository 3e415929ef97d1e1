package helperlab.remote;

import helperlab.protocol.Wire;
import helperlab.protocol.ctl.CtlRequest;
import helperlab.protocol.events.FollowLine;

/**
 * Follows a cage run's live event stream and keeps following through dropped connections: it
 * reconnects with exponential backoff (capped, jittered: {@link Backoff}) and resumes from the last
 * event id it saw (the stream sends only ids after it), so nothing is missed and nothing arrives twice.
 * A live run sends a sample every second, and the cage's follow sends a heartbeat line when its stream
 * has been quiet for 2 s (an idle run, its Redis down), so a connection with no line for {@code stallMs} is
 * <em>stalled</em> (open but silent, e.g. the cage's session stopped), told apart from one the other
 * side <em>closed</em>; either way it is dropped and opened again. The listener hears of every gap,
 * its length counted from the last line received (so it covers the time it took to notice), and
 * of the end when the link has not come back within the policy's give-up time.
 */
public final class EventFollower implements AutoCloseable {
  /** What a follower reports. */
  public interface Listener {
    /** One line of the stream: an event, a sample, or the run's end (never a heartbeat). */
    void line(FollowLine line);

    /** The link was closed (by the other side or the network); reconnecting. */
    default void disconnected(ControlException why) {}

    /** The link is open but nothing came for {@code silentMs}: stalled; reconnecting. */
    default void stalled(long silentMs) {}

    /** The link is back; no line came for {@code downMs} (from the last line before the gap). */
    default void reconnected(long downMs) {}

    /** Following stopped: the run ended, or it was closed, or it gave up ({@code failure} non-null). */
    default void stopped(ControlException failure) {}
  }

  private final ControlTransport transport;
  private final String run;
  private final Listener listener;
  /** How long a fresh connection may take to send its first line (the server's ctl starting). */
  static final long FIRST_LINE_MS = 30_000;

  private final Backoff.Policy pacing;
  private final long stallMs;
  private final int maxAttempts;
  private volatile String lastId;
  private volatile boolean closed;
  private volatile LineChannel channel;
  private final Thread thread;

  /**
   * @param run the run to follow (null: the cage's current run)
   * @param fromId the last id already seen ("0-0" for the start)
   */
  public EventFollower(ControlTransport transport, String run, String fromId, Listener listener, long initialBackoffMs,
      long maxBackoffMs, int maxAttempts) {
    this(transport, run, fromId, listener, new Backoff.Policy(initialBackoffMs, maxBackoffMs, 0), Long.MAX_VALUE / 4,
        maxAttempts);
  }

  /**
   * @param pacing how to retry, and when to give up
   * @param stallMs how long an open connection may stay silent before it counts as stalled
   */
  public EventFollower(ControlTransport transport, String run, String fromId, Listener listener, Backoff.Policy pacing,
      long stallMs) {
    this(transport, run, fromId, listener, pacing, stallMs, Integer.MAX_VALUE);
  }

  private EventFollower(ControlTransport transport, String run, String fromId, Listener listener, Backoff.Policy pacing,
      long stallMs, int maxAttempts) {
    this.transport = transport;
    this.run = run;
    this.lastId = fromId == null ? "0-0" : fromId;
    this.listener = listener;
    this.pacing = pacing;
    this.stallMs = stallMs;
    this.maxAttempts = maxAttempts;
    this.thread = new Thread(this::loop, "follow " + (run == null ? "current run" : run));
    thread.setDaemon(true);
  }

  public EventFollower start() {
    thread.start();
    return this;
  }

  public String lastId() {
    return lastId;
  }

  private void loop() {
    Backoff backoff = new Backoff(pacing);
    long lastLineMs = System.currentTimeMillis();
    boolean down = false;
    ControlException last = null;
    while (!closed) {
      try {
        LineChannel c = transport.open();
        channel = c;
        c.send(Wire.line(new CtlRequest.Follow(lastId, run)));
        boolean first = true;
        while (!closed) {
          FollowLine line;
          try {
            // a fresh connection starts ctl on the server (a JVM: seconds on a busy host): not a stall
            long wait = first ? Math.max(stallMs, FIRST_LINE_MS) : stallMs;
            line = CageClient.read(CageClient.check(CageClient.parse(c.receive(wait), c.peer())), FollowLine.class,
                c.peer());
            first = false;
          } catch (ControlException e) {
            if (e.kind() == ControlException.Kind.REMOTE_ERROR && !first) {
              // a refusal after the stream began: the cage closed it early (it stopped or restarted), a drop
              throw new ControlException(ControlException.Kind.CLOSED, e.getMessage());
            }
            if (e.kind() != ControlException.Kind.TIMEOUT) {
              throw e;
            }
            throw new Stalled(System.currentTimeMillis() - lastLineMs);
          }
          long now = System.currentTimeMillis();
          if (down) {
            listener.reconnected(now - lastLineMs);
            down = false;
          }
          lastLineMs = now;
          backoff.succeeded();
          if (line.isHeartbeat()) {
            continue; // the link is alive; nothing to show
          }
          if (line.id() != null) {
            lastId = line.id();
          }
          listener.line(line);
          if (line.isEnd()) {
            closed = true;
          }
        }
        c.close();
        listener.stopped(null);
        return;
      } catch (Stalled | ControlException e) {
        closeChannel();
        if (closed) {
          break;
        }
        ControlException why = e instanceof Stalled st ? st.asFailure(transport.describe()) : (ControlException) e;
        if (!why.transientFailure() || backoff.failures() + 1 > maxAttempts) {
          listener.stopped(why);
          return;
        }
        last = why;
        if (!down) {
          down = true;
          if (e instanceof Stalled st) {
            listener.stalled(st.silentMs);
          } else {
            listener.disconnected(why);
          }
        }
        long delay = backoff.failed(System.currentTimeMillis());
        if (delay == Backoff.GIVE_UP) {
          listener.stopped(new ControlException(why.kind(), "the cage's event stream has not come back for "
              + Math.round((System.currentTimeMillis() - lastLineMs) / 1000.0) + " s; stopped trying (last: "
              + why.getMessage() + ")", why));
          return;
        }
        try {
          Thread.sleep(delay);
        } catch (InterruptedException ie) {
          break;
        }
      }
    }
    listener.stopped(closed ? null : last);
  }

  /** No line within the stall time on an open connection. */
  private static final class Stalled extends Exception {
    final long silentMs;

    Stalled(long silentMs) {
      super(null, null, false, false);
      this.silentMs = silentMs;
    }

    ControlException asFailure(String peer) {
      return new ControlException(ControlException.Kind.TIMEOUT, peer + " stalled: no event or sample for "
          + Math.round(silentMs / 100.0) / 10.0 + " s on an open connection");
    }
  }

  private void closeChannel() {
    LineChannel c = channel;
    if (c != null) {
      c.close();
    }
  }

  /** Drops the current connection as if the network had (for tests and the lab's "reconnect"). */
  public void dropConnection() {
    closeChannel();
  }

  @Override
  public void close() {
    closed = true;
    closeChannel();
    thread.interrupt();
  }

  public void join(long ms) throws InterruptedException {
    thread.join(ms);
  }
}
