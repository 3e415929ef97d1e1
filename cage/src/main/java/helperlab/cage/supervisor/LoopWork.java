package helperlab.cage.supervisor;

import helperlab.cage.run.CageRun;
import helperlab.cage.run.StorageGuard;
import helperlab.cage.store.StoredBatch;
import helperlab.cage.worker.Watchdog;
import helperlab.cage.worker.WorkerPool;
import helperlab.cage.worker.WorkerProcess;
import helperlab.cage.worker.WorkerSignal;

/**
 * What the supervisor's loop does with its inputs and at its rounds, on its thread: a worker's frame or exit goes to
 * the run on now, an offered batch is judged by it, and the rounds keep the run, the watchdog, the samples and the
 * checkpoints going; an exhibit that has played out ends and the live run takes over again.
 */
final class LoopWork implements SupervisorLoop.Work {
  private final CurrentRun runs;
  private final WorkerPool pool;
  private final Watchdog watchdog;
  private final RunSwitcher switcher;
  /** What is put back when the loop fails (a slowdown's CPU cap). */
  private final Runnable onFailure;
  private final StorageGuard storage;

  LoopWork(CurrentRun runs, WorkerPool pool, Watchdog watchdog, RunSwitcher switcher, Runnable onFailure,
      StorageGuard storage) {
    this.storage = storage;
    this.runs = runs;
    this.pool = pool;
    this.watchdog = watchdog;
    this.switcher = switcher;
    this.onFailure = onFailure;
  }

  @Override
  public void onWorker(WorkerSignal signal) {
    CageRun run = runs.current();
    if (signal instanceof WorkerSignal.Frame f) {
      run.onFrame(f.worker(), f.message());
    } else if (signal instanceof WorkerSignal.Exit e) {
      run.onExit(e.worker(), e.code());
      pool.pump();
    }
  }

  @Override
  public Offer decide(StoredBatch batch) {
    return OfferHandler.decide(runs.current(), runs.checkpoint(), batch);
  }

  @Override
  public double runWakeupInS() {
    CageRun run = runs.current();
    return Math.min(run.scheduler().nextWakeup(), run.exhibitWakeup()) - run.now();
  }

  @Override
  public void runRounds() {
    runs.current().tickIfDue();
    runs.current().exhibitStep();
  }

  @Override
  public void watchRound() {
    pool.sweep();
    if (storage.backNow()) {
      runs.current().storageBack();
    }
    runs.current().watch(watchdog);
    runs.followHost();
    pool.pump();
  }

  @Override
  public void sampleRound() {
    runs.current().sample();
  }

  @Override
  public void checkpointRound() {
    runs.checkpointNow();
  }

  @Override
  public void afterRounds() {
    CageRun run = runs.current();
    if (run.isExhibit() && run.exhibitOver()) {
      switcher.finishExhibit();
    }
  }

  @Override
  public void failed() {
    onFailure.run();
  }
}
