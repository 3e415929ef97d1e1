package helperlab.cage.supervisor;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The supervisor's one thread: it takes every input from one inbox (a worker's frame or exit, an offered batch, a
 * call from another thread) and keeps the rounds on time: the run's own wake-ups (its scheduler's, an exhibit's
 * arrivals), the watchdog's, the samples' and the checkpoints'. Sleeps until the earliest of them or an input.
 */
final class SupervisorLoop {
  private static final Logger LOG = LoggerFactory.getLogger(SupervisorLoop.class);

  /** What the loop does: with each input (the handler's part), and at each round. On the loop's thread. */
  interface Work extends LoopInput.Handler {
    /** Seconds until the run on now next needs the loop (infinity when it does not). */
    double runWakeupInS();

    /** The run's own rounds, carried out if due: its scheduler's tick, an exhibit's arrivals. */
    void runRounds();

    void watchRound();

    void sampleRound();

    void checkpointRound();

    /** After the rounds: an exhibit that has played out ends. */
    void afterRounds();

    /** The loop failed (said in the log) and stops. */
    void failed();
  }

  private final LinkedBlockingQueue<LoopInput> inbox = new LinkedBlockingQueue<>();
  private final DoubleSupplier cageNow;
  private final double sampleS;
  private final double checkpointS;
  private final Thread thread = new Thread(this::loop, "supervisor");
  private volatile Work work;
  private volatile boolean stopping;
  /** Something a client waits for went into the checkpoint being filled: write it at the next round. */
  private volatile boolean checkpointSoon;

  /** {@code cageNow}: the supervisor's clock, in seconds. */
  SupervisorLoop(DoubleSupplier cageNow, double sampleS, double checkpointS) {
    this.cageNow = cageNow;
    this.sampleS = sampleS;
    this.checkpointS = checkpointS;
  }

  void start(Work w) {
    this.work = w;
    thread.start();
  }

  /** Any thread: an input for the loop. */
  void add(LoopInput in) {
    inbox.add(in);
  }

  boolean stopping() {
    return stopping;
  }

  /** On the loop: the checkpoint being filled holds a batch's end, which its client waits to see stored. */
  void checkpointSoon() {
    checkpointSoon = true;
  }

  /** The loop ends after what it is doing now; nothing new is taken. */
  void stop() {
    stopping = true;
  }

  Thread thread() {
    return thread;
  }

  private void loop() {
    LoopTimers timers = new LoopTimers(cageNow.getAsDouble(), sampleS, checkpointS);
    try {
      while (!stopping) {
        double wait = Math.min(timers.next() - cageNow.getAsDouble(), work.runWakeupInS());
        LoopInput in = inbox.poll(Math.max(0, Math.min(1000, (long) Math.ceil(wait * 1000))), TimeUnit.MILLISECONDS);
        while (in != null) {
          in.handleOn(work);
          in = inbox.poll();
        }
        rounds(timers);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (RuntimeException | Error e) {
      LOG.error("cage: the supervisor's loop failed: " + e, e);
      stopping = true;
      work.failed();
    }
  }

  private void rounds(LoopTimers timers) {
    if (stopping) {
      return;
    }
    work.runRounds();
    double now = cageNow.getAsDouble();
    if (timers.watchDue(now)) {
      work.watchRound();
    }
    if (timers.sampleDue(now)) {
      work.sampleRound();
    }
    if (timers.checkpointDue(now, checkpointSoon)) {
      checkpointSoon = false;
      work.checkpointRound();
    }
    work.afterRounds();
  }
}
