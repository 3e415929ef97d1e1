package helperlab.cage.run;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.cage.store.BatchState;
import helperlab.cage.store.StoredBatch;
import helperlab.cage.worker.WorkerProcess;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The run's state on its own, no process started: every operation keeps the invariants of exactly-once. */
class RunStateTest {
  private RunState state;
  private CageTask task;

  private static CageTask task(int id, long batchId, int firstImage, int images) {
    CageTask t = new CageTask(id, batchId, "test", "web", 1024, 0, 60, Instant.EPOCH, id);
    for (int i = 0; i < images; i++) {
      t.addImage(firstImage + i, i, Path.of("in-" + (firstImage + i) + ".jpg"), Path.of("out-" + (firstImage + i) + ".jpg"),
          100, 100, 0.1);
    }
    return t;
  }

  private WorkerProcess hire() {
    int id = state.newWorkerId();
    WorkerProcess w = WorkerProcess.unlaunched(id, id, state.generation(), task.id);
    state.hire(w);
    return w;
  }

  @BeforeEach
  void aRunWithOneBatchOfThreeImages() {
    state = new RunState(0, List.of());
    task = task(state.newTaskId(), 7, 1, 3);
    state.register(task);
    RunInvariants.check(state);
  }

  @Test
  void anImageIsDoneOnceAndOnlyByTheWorkerHoldingIt() {
    WorkerProcess w = hire();
    WorkerProcess other = hire();
    state.assign(w, List.of(1, 2));
    RunInvariants.check(state);
    assertSame(state.image(1), state.startNext(w, 5.0));
    assertEquals(CageTask.ImageState.RUNNING, state.image(1).state());
    RunInvariants.check(state);

    assertNull(state.imageDone(other, 1), "not the other worker's");
    assertSame(state.image(1), state.imageDone(w, 1));
    assertNull(state.imageDone(w, 1), "a second Done for the same image counts nothing");
    assertEquals(1, task.done());
    RunInvariants.check(state);

    assertSame(state.image(2), state.startNext(w, 6.0));
    state.imageDone(w, 2);
    assertNull(state.startNext(w, 7.0), "nothing more in its hands");
    assertEquals(2, task.done());
    RunInvariants.check(state);
  }

  @Test
  void aLostWorkerStrikesTheImageInFlightOnceAndGivesEveryOpenImageBack() {
    WorkerProcess w = hire();
    state.assign(w, List.of(1, 2));
    state.startNext(w, 1.0);
    RunState.Lost lost = state.lose(w, "killed", true);
    assertSame(state.image(1), lost.inFlight());
    assertSame(state.image(1), lost.struck());
    assertEquals(1, state.image(1).strikes());
    assertEquals(0, state.image(2).strikes(), "one strike per lost worker");
    assertEquals(CageTask.ImageState.QUEUED, state.image(1).state());
    assertEquals(CageTask.ImageState.QUEUED, state.image(2).state());
    assertFalse(state.isCurrent(w));
    assertNull(state.imageDone(w, 1), "what a lost worker says later changes nothing");
    RunInvariants.check(state);

    WorkerProcess next = hire();
    state.assign(next, List.of(1));
    state.startNext(next, 2.0);
    assertNull(state.lose(next, "killed from outside", false).struck(), "no blame, no strike");
    assertEquals(1, state.image(1).strikes());
    RunInvariants.check(state);
  }

  @Test
  void anInputTakenAwayKillsItsImageWithoutAStrike() {
    WorkerProcess w = hire();
    state.assign(w, List.of(3));
    state.startNext(w, 1.0);
    assertSame(state.image(3), state.inputGone(w, 3));
    assertEquals(CageTask.ImageState.DEAD, state.image(3).state());
    assertEquals(1, task.dead());
    assertEquals(1, task.inputsGone());
    assertEquals(0, state.image(3).strikes());
    RunInvariants.check(state);
  }

  @Test
  void aPolicyChangeQueuesEveryOpenImageAndDisownsTheOldWorkers() {
    WorkerProcess w = hire();
    state.assign(w, List.of(1, 2));
    state.startNext(w, 1.0);
    state.release(w);
    state.newGeneration();
    assertFalse(state.isCurrent(w));
    assertTrue(state.workers().isEmpty());
    assertEquals(CageTask.ImageState.QUEUED, state.image(1).state());
    assertThrows(IllegalStateException.class, () -> state.hire(WorkerProcess.unlaunched(9, 9, 0, task.id)),
        "a worker of the old generation cannot join");
    RunInvariants.check(state);
    WorkerProcess fresh = hire();
    state.assign(fresh, List.of(1, 2, 3));
    RunInvariants.check(state);
  }

  @Test
  void aBatchOrAnImageJoinsTheRunOnceAndAHeldImageIsNotGivenTwice() {
    assertThrows(IllegalStateException.class, () -> state.register(task(state.newTaskId(), 7, 10, 1)),
        "the same batch twice");
    assertThrows(IllegalStateException.class, () -> state.register(task(state.newTaskId(), 8, 3, 1)),
        "an image id already in the run");
    assertSame(task, state.taskOfBatch(7));
    WorkerProcess w = hire();
    WorkerProcess other = hire();
    state.assign(w, List.of(1));
    assertThrows(IllegalStateException.class, () -> state.assign(other, List.of(1)), "one image, one worker");
    state.imageDone(w, 1);
    assertThrows(IllegalStateException.class, () -> state.assign(other, List.of(1)), "a done image is not done again");
    RunInvariants.check(state);
  }

  @Test
  void theCheckCatchesAStateNoOperationWouldLeave() throws Exception {
    forceState(state.image(1), CageTask.ImageState.DONE); // done, but not counted on its task
    assertThrows(IllegalStateException.class, () -> RunInvariants.check(state));
    forceState(state.image(1), CageTask.ImageState.ASSIGNED); // held by nobody
    assertThrows(IllegalStateException.class, () -> RunInvariants.check(state));
  }

  /** Sets an image's state past every operation (they would not leave it so), as a bug would. */
  private static void forceState(CageTask.Image im, CageTask.ImageState to) throws ReflectiveOperationException {
    java.lang.reflect.Field f = CageTask.Image.class.getDeclaredField("state");
    f.setAccessible(true);
    f.set(im, to);
  }

  @Test
  void aTaskFinishesOnceAndOnlyWithNothingOpen() {
    WorkerProcess w = hire();
    state.assign(w, List.of(1, 2, 3));
    for (int id = 1; id <= 3; id++) {
      state.startNext(w, id);
      state.imageDone(w, id);
    }
    assertEquals(BatchState.MET, state.finish(task, true, 4.0));
    assertTrue(task.finished());
    assertEquals(4.0, task.finishedS());
    RunInvariants.check(state);
    assertThrows(IllegalStateException.class, () -> state.finish(task, false, 5.0), "a second end for one batch");
    assertEquals(BatchState.MET, task.state());

    CageTask gone = task(state.newTaskId(), 8, 10, 1);
    state.register(gone);
    WorkerProcess v = hire();
    state.assign(v, List.of(10));
    state.startNext(v, 6.0);
    state.inputGone(v, 10);
    assertEquals(BatchState.INPUTS_GONE, state.finish(gone, false, 6.0), "every input gone, not merely late");
    RunInvariants.check(state);

    CageTask open = task(state.newTaskId(), 9, 20, 1);
    state.register(open);
    state.finish(open, false, 7.0); // the scheduler never says so while an image is open
    assertThrows(IllegalStateException.class, () -> RunInvariants.check(state));
  }

  @Test
  void aResumedBatchKeepsWhatTheStoreSaysOfEachImage() {
    CageTask back = task(state.newTaskId(), 8, 10, 4);
    state.resume(back, List.of(stored(10, "done", 0), stored(11, "dead", 3), stored(12, "cancelled", 0),
        stored(13, "queued", 2)));
    assertEquals(1, back.done());
    assertEquals(1, back.dead());
    assertEquals(CageTask.ImageState.CANCELLED, state.image(12).state());
    assertEquals(CageTask.ImageState.QUEUED, state.image(13).state());
    assertEquals(2, state.image(13).strikes());
    assertEquals(1, back.openImages(), "only the queued one is still to do");
    assertSame(back, state.taskOfBatch(8));
    RunInvariants.check(state);
  }

  private static StoredBatch.StoredImage stored(long id, String imageState, int strikes) {
    return new StoredBatch.StoredImage(id, (int) id, "in-" + id + ".jpg", "out-" + id + ".jpg", 100, 100, 0.1,
        imageState, strikes);
  }
}
