package helperlab.lab.viewmodel;

/**
 * Two recordings of one run to compare: a real run and its replay, or a real run and the same run
 * recorded again.
 */
public record RecordedPair(RunEntry run, RunEntry other, boolean replay) {
  /** For the chooser: {@code "real-… and its replay"}, {@code "real-… and real-…-2 (recorded again)"}. */
  @Override
  public String toString() {
    return replay ? run.name() + " and its replay" + where(run, other)
        : run.name() + " and " + other.name() + where(run, other) + " (recorded again)";
  }

  private static String where(RunEntry a, RunEntry b) {
    return a.place().equals(b.place()) ? " · " + a.place() : " · " + a.place() + " / " + b.place();
  }
}
