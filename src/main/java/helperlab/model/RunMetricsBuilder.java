package helperlab.model;

/**
 * Builds a {@link RunMetrics} field by field, each named where it is set, so a mis-ordered argument does not compile
 * and a field left out is left out by name; {@link #build()} checks the record as its constructor does.
 */
public final class RunMetricsBuilder {
  private int submitted;
  private int admitted;
  private int refused;
  private int met;
  private int late;
  private double metShare;
  private int retries;
  private int spawns;
  private double processesPerTask;
  private double cpuUsefulS;
  private double cpuSpawnS;
  private double cpuKilledS;
  private double peakMemoryMb;
  private int oomKills;
  private int workersKilled;
  private int imagesDone;
  private int imagesDead;
  private double latenessP50S;
  private double latenessP99S;
  private double meanResponseS;

  RunMetricsBuilder() {
  }

  RunMetricsBuilder(RunMetrics r) {
    submitted = r.submitted();
    admitted = r.admitted();
    refused = r.refused();
    met = r.met();
    late = r.late();
    metShare = r.metShare();
    retries = r.retries();
    spawns = r.spawns();
    processesPerTask = r.processesPerTask();
    cpuUsefulS = r.cpuUsefulS();
    cpuSpawnS = r.cpuSpawnS();
    cpuKilledS = r.cpuKilledS();
    peakMemoryMb = r.peakMemoryMb();
    oomKills = r.oomKills();
    workersKilled = r.workersKilled();
    imagesDone = r.imagesDone();
    imagesDead = r.imagesDead();
    latenessP50S = r.latenessP50S();
    latenessP99S = r.latenessP99S();
    meanResponseS = r.meanResponseS();
  }

  public RunMetricsBuilder submitted(int value) {
    submitted = value;
    return this;
  }

  public RunMetricsBuilder admitted(int value) {
    admitted = value;
    return this;
  }

  public RunMetricsBuilder refused(int value) {
    refused = value;
    return this;
  }

  public RunMetricsBuilder met(int value) {
    met = value;
    return this;
  }

  public RunMetricsBuilder late(int value) {
    late = value;
    return this;
  }

  public RunMetricsBuilder metShare(double value) {
    metShare = value;
    return this;
  }

  public RunMetricsBuilder retries(int value) {
    retries = value;
    return this;
  }

  public RunMetricsBuilder spawns(int value) {
    spawns = value;
    return this;
  }

  public RunMetricsBuilder processesPerTask(double value) {
    processesPerTask = value;
    return this;
  }

  public RunMetricsBuilder cpuUsefulS(double value) {
    cpuUsefulS = value;
    return this;
  }

  public RunMetricsBuilder cpuSpawnS(double value) {
    cpuSpawnS = value;
    return this;
  }

  public RunMetricsBuilder cpuKilledS(double value) {
    cpuKilledS = value;
    return this;
  }

  public RunMetricsBuilder peakMemoryMb(double value) {
    peakMemoryMb = value;
    return this;
  }

  public RunMetricsBuilder oomKills(int value) {
    oomKills = value;
    return this;
  }

  public RunMetricsBuilder workersKilled(int value) {
    workersKilled = value;
    return this;
  }

  public RunMetricsBuilder imagesDone(int value) {
    imagesDone = value;
    return this;
  }

  public RunMetricsBuilder imagesDead(int value) {
    imagesDead = value;
    return this;
  }

  public RunMetricsBuilder latenessP50S(double value) {
    latenessP50S = value;
    return this;
  }

  public RunMetricsBuilder latenessP99S(double value) {
    latenessP99S = value;
    return this;
  }

  public RunMetricsBuilder meanResponseS(double value) {
    meanResponseS = value;
    return this;
  }

  public RunMetrics build() {
    return new RunMetrics(submitted, admitted, refused, met, late, metShare, retries, spawns, processesPerTask,
        cpuUsefulS, cpuSpawnS, cpuKilledS, peakMemoryMb, oomKills, workersKilled, imagesDone, imagesDead,
        latenessP50S, latenessP99S, meanResponseS);
  }
}
