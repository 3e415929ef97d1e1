package helperlab.cage.store;

import java.util.ArrayDeque;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the supervisor's checkpoints to PostgreSQL on a thread of its own, in order, so a slow or
 * restarting database never stalls scheduling. A checkpoint that fails stays at the head of the
 * queue and is written again (every write is idempotent) until the database is back.
 */
public final class Checkpointer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Checkpointer.class);

  private final CageStore store;
  private final ArrayDeque<Checkpoint> queue = new ArrayDeque<>();
  private final Thread thread;
  private volatile boolean running = true;
  private volatile boolean up = true;
  private volatile String lastError;
  private volatile long written;
  /** The database was seen answering again: the next try is now, not at the end of the backoff. */
  private boolean retryNow;

  /** Someone saw the database answer again (a status that asked it): the failed checkpoint is tried again now. */
  public synchronized void retryNow() {
    retryNow = true;
    notifyAll();
  }

  /** A write found this cage fenced (another took its identity): nothing more is written, ever. */
  private volatile boolean fenced;

  public Checkpointer(CageStore store) {
    this.store = store;
    this.thread = new Thread(this::run, "checkpointer");
    this.thread.setDaemon(true);
    this.thread.start();
  }

  public synchronized void submit(Checkpoint cp) {
    if (!cp.isEmpty()) {
      queue.addLast(cp);
      notifyAll();
    }
  }

  public boolean up() {
    return up;
  }

  /** Whether the database refused this cage's writes for good (its identity was taken over). */
  public boolean fenced() {
    return fenced;
  }

  public String lastError() {
    return lastError;
  }

  public synchronized int backlog() {
    return queue.size();
  }

  long written() {
    return written;
  }

  /** Waits until every submitted checkpoint is written (or the timeout passes); true if it is. */
  public synchronized boolean flush(long timeoutMs) throws InterruptedException {
    long end = System.currentTimeMillis() + timeoutMs;
    while (!queue.isEmpty()) {
      if (fenced) {
        return false;
      }
      long left = end - System.currentTimeMillis();
      if (left <= 0) {
        return false;
      }
      wait(Math.min(left, 50));
    }
    return true;
  }

  private void run() {
    long backoff = 200;
    while (running && !fenced) {
      Checkpoint head;
      synchronized (this) {
        while (queue.isEmpty() && running) {
          try {
            wait(500);
          } catch (InterruptedException e) {
            return;
          }
        }
        head = queue.peekFirst();
      }
      if (head == null) {
        continue;
      }
      try {
        store.apply(head);
        head.markWritten();
        synchronized (this) {
          queue.pollFirst();
          written++;
          notifyAll();
        }
        if (!up) {
          LOG.info("cage: PostgreSQL is back; checkpoints resumed");
        }
        up = true;
        lastError = null;
        backoff = 200;
      } catch (Fenced e) {
        LOG.warn("cage: checkpoint refused, and no more will be written: " + e.getMessage());
        lastError = e.getMessage();
        fenced = true;
        synchronized (this) {
          notifyAll();
        }
      } catch (Exception e) {
        if (up) {
          LOG.warn("cage: checkpoint failed, will retry (" + e.getMessage() + ")");
        }
        up = false;
        lastError = e.getMessage();
        try {
          synchronized (this) {
            if (!retryNow) {
              wait(backoff); // until the backoff ends, or someone saw the database answer again
            }
            retryNow = false;
          }
        } catch (InterruptedException ie) {
          return;
        }
        backoff = Math.min(2000, backoff * 2);
      }
    }
  }

  @Override
  public void close() {
    running = false;
    thread.interrupt();
    try {
      thread.join(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
