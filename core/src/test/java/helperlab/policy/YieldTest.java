package helperlab.policy;

import static helperlab.policy.SchedulerFixture.config;
import static helperlab.policy.SchedulerFixture.only;
import static helperlab.policy.SchedulerFixture.task;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Yield as the seed means it: at an image boundary, with the budget full, a helper steps aside for a more
 * urgent task, whether that task waits for a helper or has one and is late, and its process is handed over.
 */
class YieldTest {
  /**
   * Budget 2: task 1 (urgent, 20 images of 1 s, due at 12 s) has one helper, which the forecast says is late;
   * task 2 (due at 1000 s) has the other. Returns the scheduler with both helpers ready and busy, and the
   * image task 2's helper is working on.
   */
  private static Object[] lateTaskWithAHelperAndALaterOne(String policy) {
    Scheduler s = new Scheduler(PolicyCatalog.get(policy), config(2));
    s.submit(0, task(1, 0, 12, 20, 1));
    s.submit(0, task(2, 0, 1000, 6, 1));
    List<Command.Spawn> spawns = only(s.drain(), Command.Spawn.class);
    assertEquals(List.of(1, 2), spawns.stream().map(Command.Spawn::task).toList());
    s.workerReady(0.5, 0);
    s.workerReady(0.5, 1);
    List<Command.Assign> first = only(s.drain(), Command.Assign.class);
    assertEquals(2, first.size());
    assertTrue(s.liveWorkers() == 2, "the budget is full, so task 1 cannot split by spawning");
    ImageJob task2Image = first.stream().filter(a -> a.worker() == 1).findFirst().orElseThrow().images().get(0);
    return new Object[] {s, task2Image};
  }

  @Test
  void aHelperYieldsToALateTaskThatAlreadyHasAHelperAndItsSplitTakesTheSlot() {
    Object[] setup = lateTaskWithAHelperAndALaterOne("split-forecast-budget-yield");
    Scheduler s = (Scheduler) setup[0];
    ImageJob image = (ImageJob) setup[1];
    s.imageDone(2.5, 1, image.id()); // past the split cooldown of task 1's helper
    List<Command> boundary = s.drain();
    assertEquals(List.of(new Command.Handover(1, 1)), only(boundary, Command.Handover.class));
    assertTrue(only(boundary, Command.Retire.class).isEmpty(), "handed over, not killed");
    assertTrue(only(boundary, Command.Spawn.class).isEmpty(), "and no fresh process");
    Command.Assign next = only(boundary, Command.Assign.class).get(0);
    assertEquals(1, next.worker());
    assertEquals(1, next.images().get(0).task(), "worker 1 now resizes the late task's images");
    assertEquals(1010, next.images().get(0).id(), "the back half of its helper's share, as a split gives");
    assertEquals(5, s.queuedImages(), "task 2's five unstarted images wait for a slot");
  }

  @Test
  void theTimerPolicyYieldsToATaskItsTimerCallsLate() {
    Object[] setup = lateTaskWithAHelperAndALaterOne("split-timer-budget-yield");
    Scheduler s = (Scheduler) setup[0];
    ImageJob image = (ImageJob) setup[1];
    s.imageDone(1.5, 1, image.id()); // 1.5 s of a 12 s window: not late by the timer (half the window)
    List<Command> early = s.drain();
    assertTrue(only(early, Command.Handover.class).isEmpty(), "not late yet by the timer");
    Command.Assign own = only(early, Command.Assign.class).get(0);
    assertEquals(2, own.images().get(0).task());
    s.imageDone(6.5, 1, own.images().get(0).id()); // past half of task 1's window
    List<Command> late = s.drain();
    assertEquals(List.of(new Command.Handover(1, 1)), only(late, Command.Handover.class));
  }

  @Test
  void noYieldToAHelpedTaskThatIsOnTime() {
    Scheduler s = new Scheduler(PolicyCatalog.get("split-forecast-budget-yield"), config(2));
    s.submit(0, task(1, 0, 100, 5, 1)); // on time alone
    s.submit(0, task(2, 0, 1000, 6, 1));
    s.drain();
    s.workerReady(0.5, 0);
    s.workerReady(0.5, 1);
    ImageJob image = only(s.drain(), Command.Assign.class).stream().filter(a -> a.worker() == 1).findFirst()
        .orElseThrow().images().get(0);
    s.imageDone(1.5, 1, image.id());
    List<Command> boundary = s.drain();
    assertTrue(only(boundary, Command.Handover.class).isEmpty());
    assertEquals(2, only(boundary, Command.Assign.class).get(0).images().get(0).task(), "it goes on with its own task");
  }

  @Test
  void noYieldForALessUrgentTaskNorWithoutTheYieldKnob() {
    Scheduler s = new Scheduler(PolicyCatalog.get("split-forecast-budget-yield"), config(1));
    s.submit(0, task(1, 0, 30, 5, 1));
    s.drain();
    s.workerReady(0.5, 0);
    ImageJob image = only(s.drain(), Command.Assign.class).get(0).images().get(0);
    s.submit(0.7, task(2, 0.7, 1000, 2, 1)); // later deadline
    s.drain();
    s.imageDone(1.5, 0, image.id());
    assertTrue(only(s.drain(), Command.Handover.class).isEmpty());

    Object[] setup = lateTaskWithAHelperAndALaterOne("split-forecast-budget");
    Scheduler noYield = (Scheduler) setup[0];
    noYield.imageDone(1.5, 1, ((ImageJob) setup[1]).id());
    List<Command> boundary = noYield.drain();
    assertTrue(only(boundary, Command.Handover.class).isEmpty());
    assertEquals(2, only(boundary, Command.Assign.class).get(0).images().get(0).task());
  }

  @Test
  void bothTasksFinishAndTheYieldCostsNoSpawn() {
    Object[] setup = lateTaskWithAHelperAndALaterOne("split-forecast-budget-yield");
    Scheduler s = (Scheduler) setup[0];
    java.util.Map<Integer, java.util.ArrayDeque<ImageJob>> inHand = new java.util.TreeMap<>();
    inHand.put(0, new java.util.ArrayDeque<>());
    inHand.put(1, new java.util.ArrayDeque<>());
    // worker 0 holds its first task-1 image; worker 1 just finished its task-2 image
    int spawns = 2;
    int handovers = 0;
    java.util.Set<Integer> finished = new java.util.TreeSet<>();
    double t = 2.5;
    s.imageDone(t, 1, ((ImageJob) setup[1]).id());
    List<Command> cmds = new ArrayList<>(s.drain());
    inHand.get(0).add(new ImageJob(1000, 1, 1)); // assigned at 0.5 s
    for (int step = 0; step < 200 && finished.size() < 2; step++) {
      for (Command c : cmds) {
        if (c instanceof Command.Assign a) {
          inHand.computeIfAbsent(a.worker(), k -> new java.util.ArrayDeque<>()).addAll(a.images());
        } else if (c instanceof Command.Spawn sp) {
          spawns++;
          inHand.put(sp.worker(), new java.util.ArrayDeque<>());
        } else if (c instanceof Command.Handover) {
          handovers++;
        } else if (c instanceof Command.Retire r) {
          inHand.remove(r.worker());
        } else if (c instanceof Command.TaskFinished f) {
          finished.add(f.task());
        }
      }
      cmds = new ArrayList<>();
      t += 1;
      for (var e : new ArrayList<>(inHand.entrySet())) {
        if (e.getValue() == null) {
          continue;
        }
        ImageJob next = e.getValue().pollFirst();
        if (next != null) {
          s.imageDone(t, e.getKey(), next.id());
        } else if (e.getKey() >= 2 && !ready.contains(e.getKey())) {
          ready.add(e.getKey());
          s.workerReady(t, e.getKey());
        }
        cmds.addAll(s.drain());
      }
    }
    assertEquals(java.util.Set.of(1, 2), finished, "both tasks finish");
    assertEquals(1, handovers);
    assertEquals(3, spawns, "two helpers, then one fresh helper for task 2 once task 1 freed the budget");
  }

  private final java.util.Set<Integer> ready = new java.util.TreeSet<>();
}
