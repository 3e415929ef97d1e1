package helperlab.charts;

/** The quantities a run samples over time (the columns of {@link helperlab.model.Samples}). */
public enum Column {
  WORKERS, BUSY, QUEUE, MEMORY_MB, CPU_USEFUL_S, CPU_SPAWN_S, CPU_KILLED_S, SPAWNS, MET, LATE, REFUSED
}
