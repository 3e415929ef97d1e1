package helperlab.cage.events;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.function.Consumer;

/**
 * The entries of the last few runs, kept in memory in order with how many of each Redis holds: what the publisher
 * sends from, and sends again with the same ids when Redis comes back empty. Its monitor is the one the publisher
 * idles on and a flush waits on: an append wakes the publisher when a round trip's worth is waiting, and each round
 * trip that lands wakes those who wait.
 */
final class RunFeeds {
  /** With nothing to send, the publisher looks again this often. */
  static final long IDLE_MS = 250;
  /** Runs whose entries are kept for re-publishing after Redis loses them. */
  static final int KEEP_RUNS = 4;

  private final LinkedHashMap<String, Feed> feeds = new LinkedHashMap<>();
  private String liveRun;

  /** One run's entries ({type, json}, the n-th with id {@code <n>-0}) and how many of them Redis holds. */
  static final class Feed {
    private final String run;
    private final long startedMs;
    private final List<String[]> entries = new ArrayList<>();
    private int published;
    private boolean ended;

    private Feed(String run, long startedMs) {
      this.run = run;
      this.startedMs = startedMs;
    }
  }

  /** Entries of one run that Redis lacks, the first of them number {@code from + 1}. */
  record Unpublished(Feed feed, String run, int from, List<String[]> entries) {}

  /** What Redis holds of a run now, asked under the feeds' lock (a fresh connection also registers the run). */
  interface Held {
    int entries(String run, long startedMs);
  }

  /** A new run: its feed starts empty; it becomes the live run viewers follow by default. */
  synchronized void start(String run, long startedMs) {
    feeds.put(run, new Feed(run, startedMs));
    liveRun = run;
    notifyAll();
  }

  /** Appends the run's next entry ({@code seq} must be the next number); an entry of type {@code END} is its last. */
  synchronized void append(String run, int seq, String type, String json) {
    Feed f = feeds.get(run);
    if (f == null) {
      throw new IllegalStateException("run " + run + " was not started on the stream");
    }
    if (seq != f.entries.size() + 1) {
      throw new IllegalStateException("stream entry " + seq + " of run " + run + " out of order");
    }
    if (f.ended) {
      throw new IllegalStateException("run " + run + " has ended; no entry can follow its end");
    }
    f.entries.add(new String[] {type, json});
    f.ended = EventStream.END.equals(type);
    if (f.entries.size() - f.published >= EventStream.PIPELINE) {
      notifyAll();
    }
  }

  /** Entries not yet in Redis, all runs together. */
  synchronized int pending() {
    int n = 0;
    for (Feed f : feeds.values()) {
      n += f.entries.size() - f.published;
    }
    return n;
  }

  /** Waits until every entry is in Redis (or the timeout passes); true if it is. */
  boolean awaitPublished(long timeoutMs) throws InterruptedException {
    long end = System.currentTimeMillis() + timeoutMs;
    synchronized (this) {
      while (pending() > 0) {
        long left = end - System.currentTimeMillis();
        if (left <= 0) {
          return false;
        }
        wait(Math.min(left, 50));
      }
    }
    return true;
  }

  /** The first run's entries Redis lacks, at most a round trip's worth; null after {@link #IDLE_MS} with none. */
  synchronized Unpublished next() throws InterruptedException {
    for (Feed f : feeds.values()) {
      if (f.published < f.entries.size()) {
        int from = f.published;
        return new Unpublished(f, f.run, from,
            new ArrayList<>(f.entries.subList(from, Math.min(f.entries.size(), from + EventStream.PIPELINE))));
      }
    }
    wait(IDLE_MS);
    return null;
  }

  /** The slice is in Redis; finished runs past the last {@link #KEEP_RUNS} go. True when a round trip's worth waits. */
  synchronized boolean published(Unpublished sent) {
    sent.feed().published = Math.max(sent.feed().published, sent.from() + sent.entries().size());
    trimFinished();
    notifyAll();
    return pending() >= EventStream.PIPELINE;
  }

  /**
   * Each run's count of entries in Redis set to what it holds, at most what there is (Redis may have lost entries in
   * a restart, or hold more than a lost reply told); then {@code live} is told the live run, if there is one.
   */
  synchronized void recount(Held held, Consumer<String> live) {
    for (Feed f : feeds.values()) {
      f.published = Math.min(f.entries.size(), held.entries(f.run, f.startedMs));
    }
    if (liveRun != null) {
      live.accept(liveRun);
    }
  }

  private void trimFinished() {
    if (feeds.size() <= KEEP_RUNS) {
      return;
    }
    for (Iterator<Feed> it = feeds.values().iterator(); it.hasNext() && feeds.size() > KEEP_RUNS; ) {
      Feed f = it.next();
      if (f.ended && f.published == f.entries.size() && !f.run.equals(liveRun)) {
        it.remove();
      }
    }
  }
}
