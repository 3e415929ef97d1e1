package helperlab.cage.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The judgements on workers that must not be the clock's: the restart breaker counts workers lost before finishing
 * an image, however slowly they come; a start past its timeout is given up when stuck or running away, never when the
 * host merely starves it. The rules alone, no process.
 */
class JudgedOnProgressTest {
  @Test
  void theBreakerOpensOnWorkersThatNeverFinishAnImageHoweverSlowlyTheyCome() {
    RestartBreaker b = new RestartBreaker(3, 10);
    assertTrue(!b.lost(0, false) && !b.lost(100, false) && !b.lost(200, false), "three losses are within the limit");
    assertTrue(b.lost(300, false), "the fourth in a row opens it, five minutes in: a crash loop on a slow host");
    assertTrue(b.isOpen(309.9));
    assertTrue(!b.isOpen(310.1), "open for its window, then a worker may start again");
    assertEquals(0, b.unproductive(), "a trip starts the count again");
    assertTrue(!b.lost(311, false) && !b.lost(312, false) && !b.lost(313, false));
    b.progress(); // an image was finished: the cage gets somewhere
    assertTrue(!b.lost(314, false) && !b.lost(315, false) && !b.lost(316, false), "counted from the progress");
    for (int i = 0; i < 20; i++) {
      assertTrue(!b.lost(317 + i * 0.01, true), "workers that had finished images are no loop, however fast they go");
    }
    assertEquals(1, b.trips());
  }

  @Test
  void aStartIsGivenUpWhenStuckOrRunawayNeverWhenStarved() {
    Watchdog dog = new Watchdog(30, 3, 500L << 20, 10, 2);
    WorkerProcess w = new WorkerProcess(0, 0, 0, -1, 0);
    w.started(4242, 0);
    assertNull(dog.judge(w, 29, 0, 1, stat('S', 0.2, false), null));
    // at 90 s: its CPU moved in the last look, or a thread waits for a CPU: a start the host starves
    assertNull(dog.judge(w, 89, 0, 1, stat('R', 0.4, true), null), "runnable, waiting for a CPU");
    assertNull(dog.judge(w, 90, 0, 1, stat('S', 0.5, false), null), "its CPU moved since the last look");
    assertTrue(w.notes().excuse().contains("starved, not stuck"), w.notes().excuse());
    Watchdog.Verdict stuck = dog.judge(w, 94, 0, 1, stat('S', 0.5, false), null);
    assertEquals(Watchdog.SPAWN_TIMEOUT, stuck.cause(), "no CPU for 4 s and nothing runnable: stuck");
    assertTrue(!stuck.blame(), "a start that fails is no image's fault");
    WorkerProcess runaway = new WorkerProcess(1, 1, 0, -1, 0);
    runaway.started(-1, 0);
    assertEquals(Watchdog.SPAWN_TIMEOUT, dog.judge(runaway, 40, 0, 1, stat('R', 31, true), null).cause(),
        "31 CPU-s without a hello: a runaway start, whatever the host");
  }

  private static ProcStat stat(char state, double cpuS, boolean runnable) {
    return new ProcStat(state, runnable, cpuS);
  }
}
