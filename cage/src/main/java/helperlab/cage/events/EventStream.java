package helperlab.cage.events;

import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.XAddParams;
import redis.clients.jedis.resps.StreamEntry;

/**
 * The live event stream of each run in Redis: one stream per run, entry id {@code <seq>-0} where
 * seq numbers the run's events and samples from 1, so a viewer resumes from the last id it saw.
 * A publisher thread sends entries in order; the run's entries stay in memory ({@link RunFeeds}), so when
 * Redis comes back empty after a restart the stream is written again with the same ids and a viewer sees no gap.
 */
public final class EventStream implements AutoCloseable {
  /** Entries sent per round trip. */
  static final int PIPELINE = 500;
  /**
   * The publisher sends what has gathered this often (or at once when a full round trip's worth is
   * waiting): a viewer sees events a tenth of a second late, and the supervisor pays a few round
   * trips a second instead of one per event.
   */
  static final long LINGER_MS = 100;
  /**
   * An entry's two fields in Redis (a field map, not JSON; only this package writes and reads it): its type, and its
   * payload, the protocol's record for that type as JSON ({@code EventLine}, {@code SampleLine}, {@code EndLine}).
   */
  static final String TYPE_FIELD = "type";
  static final String JSON_FIELD = "json";
  /** The type of a run's last entry. */
  public static final String END = helperlab.protocol.events.EndLine.TYPE;

  private final RedisAddress address;
  private final String prefix;
  private final RunFeeds feeds = new RunFeeds();
  private final Thread publisher;
  private volatile boolean running = true;
  private volatile boolean up;
  private volatile String lastError = "not connected yet";
  /** The Redis server's process id on its host, as it said when last connected to (0: not known). */
  private volatile long serverPid;
  private Jedis jedis;

  public EventStream(String redisUrl, String prefix) {
    this.address = new RedisAddress(URI.create(redisUrl));
    this.prefix = prefix;
    this.publisher = new Thread(this::publish, "event-stream");
    this.publisher.setDaemon(true);
    this.publisher.start();
  }

  /** Asks Redis once, now: null if it answers PING, else why not (in words, for a warning). */
  public String probe() {
    try (Jedis j = connect()) {
      String pong = j.ping();
      return "PONG".equalsIgnoreCase(pong) ? null : "it answered PING with '" + pong + "'";
    } catch (RuntimeException e) {
      return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
  }

  public Jedis connect() {
    return address.connect();
  }

  public String key(String run) {
    return prefix + ":run:" + run;
  }

  public String runsKey() {
    return prefix + ":runs";
  }

  public String liveKey() {
    return prefix + ":live";
  }

  /** The Redis server's process id on its host (which may not be this one), or 0 before it has been reached. */
  public long serverPid() {
    return serverPid;
  }

  /** What the server says its process is, or 0 when it will not say (INFO renamed away on a managed Redis). */
  private static long serverPidOf(Jedis j) {
    try {
      return processId(j.info("server"));
    } catch (JedisDataException e) {
      return 0;
    }
  }

  /** The {@code process_id} of an {@code INFO server} reply, or 0. */
  static long processId(String info) {
    for (String line : info.split("\r?\n")) {
      if (line.startsWith("process_id:")) {
        try {
          return Long.parseLong(line.substring("process_id:".length()).trim());
        } catch (NumberFormatException e) {
          return 0;
        }
      }
    }
    return 0;
  }

  public boolean up() {
    return up;
  }

  public String lastError() {
    return lastError;
  }

  /** A new run: its stream starts empty; it becomes the live run viewers follow by default. */
  public void startRun(String run, long startedMs) {
    feeds.start(run, startedMs);
  }

  /** Appends the run's next entry ({@code seq} must be the next number); an entry of type {@link #END} is its last. */
  public void append(String run, int seq, String type, String json) {
    feeds.append(run, seq, type, json);
  }

  /** Entries not yet in Redis. */
  public int pending() {
    return feeds.pending();
  }

  /** Waits until every entry is in Redis (or the timeout passes); true if it is. */
  public boolean flush(long timeoutMs) throws InterruptedException {
    return feeds.awaitPublished(timeoutMs);
  }

  private void publish() {
    long backoff = 100;
    while (running) {
      try {
        if (jedis == null) {
          connectAndResync();
          backoff = 100;
          continue; // the cursors may have moved back
        }
        RunFeeds.Unpublished next = feeds.next();
        if (next == null) {
          continue; // nothing came while it idled
        }
        Pipeline p = jedis.pipelined();
        String key = key(next.run());
        List<String[]> batch = next.entries();
        for (int i = 0; i < batch.size(); i++) {
          Map<String, String> fields = new HashMap<>(2);
          fields.put(TYPE_FIELD, batch.get(i)[0]);
          fields.put(JSON_FIELD, batch.get(i)[1]);
          p.xadd(key, XAddParams.xAddParams().id(new StreamEntryID(next.from() + i + 1, 0)), fields);
        }
        p.sync();
        if (!feeds.published(next)) {
          Thread.sleep(LINGER_MS);
        }
      } catch (InterruptedException e) {
        return;
      } catch (JedisDataException e) {
        // "ID equal or smaller than the top": Redis has more than we thought (a reply lost in a blip).
        resyncQuietly();
      } catch (JedisException e) {
        markDown(e);
        try {
          Thread.sleep(backoff);
        } catch (InterruptedException ie) {
          return;
        }
        backoff = Math.min(2000, backoff * 2);
      }
    }
  }

  private void connectAndResync() {
    Jedis j = connect();
    try {
      j.ping();
      serverPid = serverPidOf(j);
      feeds.recount((run, startedMs) -> {
        j.zadd(runsKey(), startedMs, run);
        return lastSeq(j, key(run));
      }, live -> j.set(liveKey(), live));
    } catch (JedisException e) {
      j.close();
      throw e;
    }
    jedis = j;
    up = true;
    lastError = null;
  }

  private void resyncQuietly() {
    try {
      feeds.recount((run, startedMs) -> lastSeq(jedis, key(run)), live -> {});
    } catch (JedisException e) {
      markDown(e);
    }
  }

  private void markDown(JedisException e) {
    up = false;
    lastError = e.getMessage();
    if (jedis != null) {
      try {
        jedis.close();
      } catch (RuntimeException ignored) {
        // already broken
      }
      jedis = null;
    }
  }

  /** The sequence number of the last entry Redis holds for a stream (0 if none). */
  static int lastSeq(Jedis j, String key) {
    List<StreamEntry> last = j.xrevrange(key, StreamEntryID.MAXIMUM_ID, StreamEntryID.MINIMUM_ID, 1);
    return last.isEmpty() ? 0 : (int) last.get(0).getID().getTime();
  }

  /**
   * Closes the stream of a run cut short by a crash: entries Redis lacks (it restarted, or the
   * publisher had not caught up) are written again from their durable copy, then the end. Returns
   * how many entries were written; -1 if Redis cannot be reached (the stream stays open).
   */
  public int closeInterrupted(String run, long startedMs, List<String[]> durable, String endJson) {
    return InterruptedStream.close(this, run, startedMs, durable, endJson);
  }

  /** One entry read back from a stream. */
  public record Entry(String id, String type, String json) {}

  /**
   * Follows a run's stream from {@code fromId} until an {@link #END} entry has been passed on or
   * {@code stop} says so; across Redis outages it reconnects and goes on from the last id it gave.
   */
  public void follow(String run, String fromId, Predicate<Entry> sink, java.util.function.BooleanSupplier stop)
      throws InterruptedException {
    StreamFollower.follow(this, run, fromId, sink, stop);
  }

  @Override
  public void close() {
    running = false;
    publisher.interrupt();
    try {
      publisher.join(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    synchronized (this) {
      if (jedis != null) {
        jedis.close();
        jedis = null;
      }
    }
  }
}
