package helperlab.lab.viewmodel;

import helperlab.study.SweepSummary;

/** One row of the sweep table: a scenario × policy × machine × admission with its intervals over seeds. */
public record SummaryRow(String scenario, String policy, String machine, String admission, int runs,
    Estimate metShare, Estimate refusedShare, Estimate processesPerTask, Estimate overheadShare, Estimate spawns,
    Estimate peakMemoryMb) {

  public static SummaryRow of(SweepSummary.Cell c) {
    return new SummaryRow(c.scenario(), c.policy(), c.machine(), c.admission(), c.get("met_share").n(),
        Estimate.of(c.get("met_share")), Estimate.of(c.get("refused_share")),
        Estimate.of(c.get("processes_per_task")), Estimate.of(c.get("overhead_share")), Estimate.of(c.get("spawns")),
        Estimate.of(c.get("peak_memory_mb")));
  }
}
