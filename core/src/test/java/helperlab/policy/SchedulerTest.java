package helperlab.policy;

import static helperlab.policy.SchedulerFixture.config;
import static helperlab.policy.SchedulerFixture.only;
import static helperlab.policy.SchedulerFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The pure scheduler driven by hand: each policy family's defining decisions. */
class SchedulerTest {
  @Test
  void edfPoolHandsTheNextChunkToTheEarliestDeadline() {
    Scheduler s = new Scheduler(PolicyCatalog.get("pool-edf-1"), config(1));
    s.submit(0, task(1, 0, 100, 3, 1));
    List<Command.Spawn> spawns = only(s.drain(), Command.Spawn.class);
    assertEquals(1, spawns.size());
    s.workerReady(0.5, 0);
    Command.Assign first = only(s.drain(), Command.Assign.class).get(0);
    assertEquals(1, first.images().get(0).task());
    s.submit(0.6, task(2, 0.6, 20, 2, 1)); // more urgent, arrives while the worker is busy
    assertTrue(only(s.drain(), Command.Assign.class).isEmpty(), "no preemption mid-image");
    s.imageDone(1.5, 0, first.images().get(0).id());
    Command.Assign next = only(s.drain(), Command.Assign.class).get(0);
    assertEquals(2, next.images().get(0).task(), "the urgent task is served at the next hand-out");
  }

  @Test
  void fifoPoolKeepsArrivalOrder() {
    Scheduler s = new Scheduler(PolicyCatalog.get("pool-fifo-1"), config(1));
    s.submit(0, task(1, 0, 100, 3, 1));
    s.drain();
    s.workerReady(0.5, 0);
    Command.Assign first = only(s.drain(), Command.Assign.class).get(0);
    s.submit(0.6, task(2, 0.6, 20, 2, 1));
    s.drain();
    s.imageDone(1.5, 0, first.images().get(0).id());
    assertEquals(1, only(s.drain(), Command.Assign.class).get(0).images().get(0).task());
  }

  @Test
  void poolHandsOutAtMostKImagesFromOneTask() {
    Scheduler s = new Scheduler(PolicyCatalog.get("pool-edf-10"), config(1));
    s.submit(0, task(1, 0, 100, 25, 0.1));
    s.drain();
    s.workerReady(0.5, 0);
    Command.Assign a = only(s.drain(), Command.Assign.class).get(0);
    assertEquals(10, a.images().size());
    assertEquals(15, s.queuedImages());
  }

  @Test
  void poolNeverStartsMoreWorkersThanItsBudget() {
    Scheduler s = new Scheduler(PolicyCatalog.get("pool-edf-1"), config(2));
    for (int i = 0; i < 10; i++) {
      s.submit(i * 0.01, task(i, i * 0.01, 100, 5, 1));
    }
    assertEquals(2, only(s.drain(), Command.Spawn.class).size());
    assertEquals(2, s.liveWorkers());
  }

  @Test
  void idlePoolWorkerRetiresAfterItsTimeout() {
    Scheduler s = new Scheduler(PolicyCatalog.get("pool-edf-10"), config(1));
    s.submit(0, task(1, 0, 100, 1, 1));
    s.drain();
    s.workerReady(0.5, 0);
    Command.Assign a = only(s.drain(), Command.Assign.class).get(0);
    s.imageDone(1.5, 0, a.images().get(0).id());
    s.drain();
    assertEquals(11.5, s.nextWakeup(), 1e-9);
    s.tick(11.4);
    assertTrue(only(s.drain(), Command.Retire.class).isEmpty());
    s.tick(11.5);
    assertEquals("idle", only(s.drain(), Command.Retire.class).get(0).reason());
  }

  @Test
  void neverSplitStartsOneHelperPerTaskAndItExitsWhenDone() {
    Scheduler s = new Scheduler(PolicyCatalog.get("never-split"), config(1));
    s.submit(0, task(1, 0, 100, 2, 1));
    s.submit(0, task(2, 0, 100, 2, 1));
    List<Command.Spawn> spawns = only(s.drain(), Command.Spawn.class);
    assertEquals(List.of(1, 2), spawns.stream().map(Command.Spawn::task).toList(), "no budget: one helper each");
    s.workerReady(1, 0);
    Command.Assign a = only(s.drain(), Command.Assign.class).get(0);
    assertEquals(1, a.images().size(), "helpers get one image at a time");
    s.imageDone(2, 0, a.images().get(0).id());
    Command.Assign b = only(s.drain(), Command.Assign.class).get(0);
    s.imageDone(3, 0, b.images().get(0).id());
    List<Command> end = s.drain();
    assertEquals("done", only(end, Command.Retire.class).get(0).reason());
    assertTrue(only(end, Command.TaskFinished.class).get(0).met());
  }

  @Test
  void budgetedHelpersWaitEarliestDeadlineFirst() {
    Scheduler s = new Scheduler(PolicyCatalog.get("never-split-budget"), config(1));
    s.submit(0, task(1, 0, 100, 1, 1));
    s.submit(0, task(2, 0, 90, 1, 1));
    s.submit(0, task(3, 0, 50, 1, 1));
    assertEquals(1, only(s.drain(), Command.Spawn.class).size());
    s.workerReady(1, 0);
    Command.Assign a = only(s.drain(), Command.Assign.class).get(0);
    s.imageDone(2, 0, a.images().get(0).id());
    List<Command.Spawn> next = only(s.drain(), Command.Spawn.class);
    assertEquals(3, next.get(0).task(), "the earliest deadline gets the freed slot");
  }

  @Test
  void theBoxSplitsALateTaskWithoutAnyBudget() {
    Scheduler s = new Scheduler(PolicyCatalog.get("box"), config(1));
    s.submit(0, task(1, 0, 10, 40, 1));
    s.drain();
    s.workerReady(0.5, 0);
    Command.Assign a = only(s.drain(), Command.Assign.class).get(0);
    s.tick(4); // not yet half way through its 10 s window
    assertTrue(only(s.drain(), Command.Spawn.class).isEmpty());
    s.tick(6);
    List<Command.Spawn> helpers = only(s.drain(), Command.Spawn.class);
    assertEquals(1, helpers.size());
    assertEquals(1, helpers.get(0).task());
    s.workerReady(6.5, helpers.get(0).worker());
    s.drain();
    s.tick(9); // both late again after the cooldown: each splits again, past the budget of 1
    assertEquals(2, only(s.drain(), Command.Spawn.class).size());
    assertEquals(4, s.liveWorkers());
    assertTrue(a.images().size() == 1);
  }

  @Test
  void budgetedSplittingStaysWithinTheBudget() {
    Scheduler s = new Scheduler(PolicyCatalog.get("split-timer-budget"), config(2));
    s.submit(0, task(1, 0, 10, 40, 1));
    s.drain();
    s.workerReady(0.5, 0);
    s.drain();
    for (double t = 1; t < 30; t += 1) {
      s.tick(t);
      for (Command.Spawn sp : only(s.drain(), Command.Spawn.class)) {
        s.workerReady(t, sp.worker());
        s.drain();
      }
      assertTrue(s.liveWorkers() <= 2, "live workers " + s.liveWorkers() + " at t=" + t);
    }
    assertEquals(2, s.liveWorkers(), "it did split up to the budget");
  }

  @Test
  void yieldHappensOnlyAtAnImageBoundary() {
    Scheduler s = new Scheduler(PolicyCatalog.get("split-forecast-budget-yield"), config(1));
    s.submit(0, task(1, 0, 1000, 5, 1));
    s.drain();
    s.workerReady(0.5, 0);
    Command.Assign a = only(s.drain(), Command.Assign.class).get(0);
    s.submit(0.7, task(2, 0.7, 30, 2, 1)); // urgent, but the budget is full
    List<Command> during = s.drain();
    assertTrue(only(during, Command.Retire.class).isEmpty(), "nobody is stopped mid-image");
    assertTrue(only(during, Command.Spawn.class).isEmpty());
    s.tick(1.0);
    assertTrue(only(s.drain(), Command.Retire.class).isEmpty(), "nor on a timer");
    s.imageDone(1.5, 0, a.images().get(0).id());
    List<Command> boundary = s.drain();
    assertTrue(only(boundary, Command.Retire.class).isEmpty(), "the process is handed over, not killed");
    assertTrue(only(boundary, Command.Spawn.class).isEmpty());
    assertEquals(new Command.Handover(0, 2), only(boundary, Command.Handover.class).get(0), "the urgent task gets the slot");
    assertEquals(2, only(boundary, Command.Assign.class).get(0).images().get(0).task());
    assertEquals(4, s.queuedImages(), "the yielding helper's images went back to its task");
  }

  @Test
  void aLostWorkersImagesGoBackAndAPoisonImageIsDeadLetteredOnTheThirdStrike() {
    Scheduler s = new Scheduler(PolicyCatalog.get("pool-edf-1"), config(1));
    s.submit(0, task(1, 0, 100, 2, 1));
    s.drain();
    int worker = 0;
    for (int strike = 1; strike <= 3; strike++) {
      s.workerReady(strike, worker);
      Command.Assign a = only(s.drain(), Command.Assign.class).get(0);
      assertEquals(1000, a.images().get(0).id(), "the blamed image is retried first");
      s.workerLost(strike + 0.5, worker, true);
      List<Command> after = s.drain();
      if (strike < 3) {
        assertTrue(only(after, Command.DeadLetter.class).isEmpty());
        worker = only(after, Command.Spawn.class).get(0).worker();
      } else {
        assertEquals(3, only(after, Command.DeadLetter.class).get(0).strikes());
        worker = only(after, Command.Spawn.class).get(0).worker();
      }
    }
    s.workerReady(4, worker);
    Command.Assign rest = only(s.drain(), Command.Assign.class).get(0);
    assertEquals(1001, rest.images().get(0).id(), "the rest of the batch carries on");
    s.imageDone(5, worker, 1001);
    Command.TaskFinished f = only(s.drain(), Command.TaskFinished.class).get(0);
    assertFalse(f.met());
    assertEquals(1, f.deadImages());
  }

  @Test
  void autoscaleLagGrowsPastTheBudgetAndTheCappedOneDoesNot() {
    for (String id : List.of("autoscale-lag", "autoscale-lag-capped")) {
      Scheduler s = new Scheduler(PolicyCatalog.get(id), config(2));
      for (int i = 0; i < 30; i++) {
        s.submit(0, task(i, 0, 1000, 20, 1));
      }
      int max = 0;
      for (double t = 0; t <= 120; t += 15) {
        s.tick(t);
        for (Command c : s.drain()) {
          if (c instanceof Command.Spawn sp) {
            s.workerReady(t, sp.worker());
          }
        }
        s.drain();
        max = Math.max(max, s.liveWorkers());
      }
      if (id.equals("autoscale-lag")) {
        assertTrue(max > 2, "the lag autoscaler went to " + max);
      } else {
        assertEquals(2, max, "the capped autoscaler stays at the budget");
      }
    }
  }

  @Test
  void theProcessCeilingHoldsForEveryPolicy() {
    SchedulerConfig tight = new SchedulerConfig(64, 5, 1, AdmissionMode.NONE, 0.5, 3);
    Scheduler s = new Scheduler(PolicyCatalog.get("never-split"), tight);
    for (int i = 0; i < 20; i++) {
      s.submit(0, task(i, 0, 1000, 3, 1));
    }
    assertEquals(5, only(s.drain(), Command.Spawn.class).size());
  }

  @Test
  void timeMustNotGoBackwards() {
    Scheduler s = new Scheduler(PolicyCatalog.get("pool-edf-10"), config(1));
    s.submit(5, task(1, 5, 100, 1, 1));
    assertThrows(IllegalArgumentException.class, () -> s.tick(4));
  }

  @Test
  void unknownWorkersAndImagesAreRejected() {
    Scheduler s = new Scheduler(PolicyCatalog.get("pool-edf-10"), config(1));
    s.submit(0, task(1, 0, 100, 1, 1));
    s.drain();
    assertThrows(IllegalArgumentException.class, () -> s.workerReady(1, 7));
    s.workerReady(1, 0);
    s.drain();
    assertThrows(IllegalArgumentException.class, () -> s.imageDone(2, 0, 424242));
  }
}
