package helperlab.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Follows a cage run's live event stream and keeps following through dropped connections: it
 * reconnects with exponential backoff and resumes from the last event id it saw (the stream sends
 * only ids after it), so nothing is missed and nothing arrives twice. The listener hears of every
 * gap, so charts can show that the link was down.
 */
public final class EventFollower implements AutoCloseable {
  /** What a follower reports. */
  public interface Listener {
    /** One line of the stream: an event, a sample, or the run's end. */
    void line(String id, String type, JsonNode line);

    /** The link dropped; reconnecting. */
    default void disconnected(ControlException why) {}

    /** The link is back after {@code downMs}. */
    default void reconnected(long downMs) {}

    /** Following stopped: the run ended, or it was closed, or it gave up ({@code failure} non-null). */
    default void stopped(ControlException failure) {}
  }

  private final ControlTransport transport;
  private final String run;
  private final Listener listener;
  private final long initialBackoffMs;
  private final long maxBackoffMs;
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
    this.transport = transport;
    this.run = run;
    this.lastId = fromId == null ? "0-0" : fromId;
    this.listener = listener;
    this.initialBackoffMs = initialBackoffMs;
    this.maxBackoffMs = maxBackoffMs;
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
    long backoff = initialBackoffMs;
    int failures = 0;
    long downSince = -1;
    ControlException last = null;
    while (!closed) {
      try {
        LineChannel c = transport.open();
        channel = c;
        ObjectNode req = CageClient.op("follow").put("from", lastId);
        if (run != null) {
          req.put("run", run);
        }
        c.send(req.toString());
        boolean first = true;
        while (!closed) {
          JsonNode line = CageClient.check(CageClient.parse(c.receive(Long.MAX_VALUE / 4), c.peer()));
          if (first && downSince >= 0) {
            listener.reconnected(System.currentTimeMillis() - downSince);
            downSince = -1;
          }
          first = false;
          failures = 0;
          backoff = initialBackoffMs;
          String id = line.path("id").asText(null);
          String type = line.path("type").asText("");
          if (id != null) {
            lastId = id;
          }
          listener.line(id, type, line);
          if ("end".equals(type)) {
            closed = true;
          }
        }
        c.close();
        listener.stopped(null);
        return;
      } catch (ControlException e) {
        closeChannel();
        if (closed) {
          break;
        }
        if (!e.transientFailure() || ++failures > maxAttempts) {
          listener.stopped(e);
          return;
        }
        last = e;
        if (downSince < 0) {
          downSince = System.currentTimeMillis();
          listener.disconnected(e);
        }
        try {
          Thread.sleep(backoff);
        } catch (InterruptedException ie) {
          break;
        }
        backoff = Math.min(maxBackoffMs, backoff * 2);
      }
    }
    listener.stopped(closed ? null : last);
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
