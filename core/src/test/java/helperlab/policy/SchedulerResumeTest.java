package helperlab.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A driver that restarts hands its admitted work back with {@link Scheduler#resume}. */
class SchedulerResumeTest {
  private static final SchedulerConfig EDF = new SchedulerConfig(1, 8, 1, AdmissionMode.EDF_FIT, 0.5, 3);

  private static TaskRequest task(int id, double arrival, double deadline, double... costs) {
    List<ImageJob> jobs = new java.util.ArrayList<>();
    for (int i = 0; i < costs.length; i++) {
      jobs.add(new ImageJob(id * 100 + i, id, costs[i]));
    }
    return new TaskRequest(id, arrival, deadline, jobs, 1);
  }

  @Test
  void aResumedTaskIsNotJudgedAgainAndIsServed() {
    Scheduler s = new Scheduler(PolicyCatalog.get("pool-edf-10"), EDF);
    // Its deadline has passed: submit would refuse it, resume must not.
    assertFalse(s.submit(10, task(7, 11, 12, 5)).admitted(), "precondition: admission would refuse it");
    s.resume(10, task(1, -30, 5, 5, 5), Map.of());
    assertEquals(1, s.unfinishedTasks());
    assertEquals(2, s.queuedImages());
    Command.Spawn spawn = (Command.Spawn) s.drain().get(0);
    s.workerReady(11, spawn.worker());
    Command.Assign a = (Command.Assign) s.drain().get(0);
    assertEquals(2, a.images().size());
    s.imageDone(16, 0, 100);
    s.imageDone(21, 0, 101);
    Command.TaskFinished f = s.drain().stream().filter(Command.TaskFinished.class::isInstance)
        .map(Command.TaskFinished.class::cast).findFirst().orElseThrow();
    assertFalse(f.met(), "finished after its deadline");
    assertEquals(0, f.deadImages());
  }

  @Test
  void strikesFromBeforeTheRestartStillCount() {
    Scheduler s = new Scheduler(PolicyCatalog.get("pool-edf-1"), EDF);
    s.resume(0, task(1, 0, 100, 1, 1), Map.of(100, 2));
    Command.Spawn spawn = (Command.Spawn) s.drain().get(0);
    s.workerReady(1, spawn.worker());
    s.drain();
    s.workerLost(2, spawn.worker(), true); // the third crash of image 100
    List<Command> out = s.drain();
    assertTrue(out.stream().anyMatch(c -> c instanceof Command.DeadLetter d && d.image().id() == 100 && d.strikes() == 3),
        out.toString());
  }

  @Test
  void aTaskCannotBeResumedTwice() {
    Scheduler s = new Scheduler(PolicyCatalog.get("pool-edf-10"), EDF);
    s.resume(0, task(1, 0, 100, 1), Map.of());
    assertThrows(IllegalArgumentException.class, () -> s.resume(0, task(1, 0, 100, 1), Map.of()));
  }
}
