package helperlab.cage.run;

import helperlab.cage.worker.WorkerProcess;
import helperlab.cage.worker.WorkerPhase;
import java.util.HashMap;
import java.util.Map;

/** The rules of exactly-once over one run's state, stated once and checked against it (by tests, after each change). */
final class RunInvariants {
  private RunInvariants() {}

  /**
   * Throws when the state breaks a rule of exactly-once: every image of a task is the run's under its own id; a task's
   * done and dead counts are its images'; a finished task has no open image; an assigned or running image is in the
   * hands of exactly the current worker it names, and no closed image is in anyone's; a worker's image in flight is
   * the first it holds and is running; every current worker is of this generation and not gone.
   */
  static void check(RunState state) {
    int generation = state.generation();
    for (CageTask t : state.tasks().values()) {
      int done = 0;
      int dead = 0;
      for (CageTask.Image im : t.images()) {
        require(state.image(im.id) == im && im.task == t, "image " + im.id + " of task " + t.id + " is not the run's");
        done += im.state() == CageTask.ImageState.DONE ? 1 : 0;
        dead += im.state() == CageTask.ImageState.DEAD ? 1 : 0;
      }
      require(t.done() == done, "task " + t.id + " counts " + t.done() + " done, its images say " + done);
      require(t.dead() == dead, "task " + t.id + " counts " + t.dead() + " dead, its images say " + dead);
      require(!t.finished() || t.openImages() == 0, "task " + t.id + " is " + t.state().wire() + " with "
          + t.openImages() + " image(s) still open");
    }
    Map<Integer, WorkerProcess> byProcessId = new HashMap<>();
    for (WorkerProcess w : state.workers().values()) {
      require(w.generation() == generation && w.phase() != WorkerPhase.GONE,
          "worker " + w.id() + " is in the run but of generation " + w.generation() + " or gone (" + w.phase() + ")");
      byProcessId.put(w.id(), w);
      require(w.images().inFlight() < 0 || (w.images().first() != null && w.images().first() == w.images().inFlight()),
          "worker " + w.id() + " has image " + w.images().inFlight() + " in flight, not the first it holds");
      for (int imageId : w.images().all()) {
        CageTask.Image im = state.image(imageId);
        require(im != null && im.open() && im.worker() == w.id(),
            "worker " + w.id() + " holds image " + imageId + " which is " + (im == null ? "not the run's" : im.state()
                + " with worker " + im.worker()));
      }
    }
    for (CageTask.Image im : state.images()) {
      boolean held = im.state() == CageTask.ImageState.ASSIGNED || im.state() == CageTask.ImageState.RUNNING;
      require(held == (im.worker() >= 0), "image " + im.id + " is " + im.state() + " with worker " + im.worker());
      if (held) {
        WorkerProcess w = byProcessId.get(im.worker());
        require(w != null && w.images().all().contains(im.id), "image " + im.id + " names worker " + im.worker()
            + ", which does not hold it");
        require(im.state() != CageTask.ImageState.RUNNING || w.images().inFlight() == im.id,
            "image " + im.id + " is running but not in flight at worker " + im.worker());
      }
    }
  }

  private static void require(boolean rule, String broken) {
    if (!rule) {
      throw new IllegalStateException(broken);
    }
  }
}
