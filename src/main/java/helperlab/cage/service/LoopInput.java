package helperlab.cage.service;

import helperlab.cage.store.StoredBatch;
import helperlab.cage.worker.WorkerProcess;

/**
 * What the supervisor's thread is handed through its inbox, and nothing else: a worker's frame or exit, a batch
 * offered at the door, or a call made from another thread. Each kind says which of the supervisor's handlers it goes
 * to, so the loop needs no guess at what it took out of the queue.
 */
sealed interface LoopInput permits LoopInput.FromWorker, OfferDesk.OfferInput, LoopCall {
  /** What the loop does with each kind (the supervisor, on its thread). */
  interface Handler {
    void onWorker(WorkerProcess.Signal signal);

    Offer decide(StoredBatch batch);

    /** A call's body runs with the supervisor itself. */
    Supervisor self();
  }

  /** On the supervisor's thread. */
  void handleOn(Handler h);

  /** A frame or an exit of one of the workers. */
  record FromWorker(WorkerProcess.Signal signal) implements LoopInput {
    @Override
    public void handleOn(Handler h) {
      h.onWorker(signal);
    }
  }
}
