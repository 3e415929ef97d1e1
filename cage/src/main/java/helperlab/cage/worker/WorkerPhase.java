package helperlab.cage.worker;

/** Where a worker is in its life, as the supervisor sees it. */
public enum WorkerPhase {
  /** Spawned by the scheduler but held back (breaker open, or the real process ceiling reached). */
  DEFERRED,
  STARTING,
  READY,
  /** Told to stop; it may still be running. */
  RETIRING,
  /** Lost (killed or crashed) and reported; any frames still coming are ignored. */
  GONE
}
