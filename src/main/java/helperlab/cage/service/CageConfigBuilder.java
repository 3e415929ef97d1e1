package helperlab.cage.service;

/**
 * Builds a {@link CageConfig} field by field, each named where it is set, so a mis-ordered argument does not compile
 * and a field left out is left out by name; {@link #build()} checks the record as its constructor does.
 */
public final class CageConfigBuilder {
  private String data;
  private int port;
  private String bind;
  private String policy;
  private String admission;
  private double cpus;
  private String memory;
  private int maxProcesses;
  private String pgUrl;
  private String redisUrl;
  private String redisPrefix;
  private String calibration;
  private String samples;
  private int maxBatchImages;
  private long maxPixels;
  private double heartbeatTimeoutS;
  private double spawnTimeoutS;
  private double overrunFactor;
  private double overrunGraceS;
  private double workerMemoryLimitMb;
  private int workerHeapMb;
  private int restartLimit;
  private double restartWindowS;
  private double checkpointS;
  private double sampleS;
  private String cgroup;
  private String cds;
  private String cageId;

  CageConfigBuilder() {
  }

  CageConfigBuilder(CageConfig r) {
    data = r.data();
    port = r.port();
    bind = r.bind();
    policy = r.policy();
    admission = r.admission();
    cpus = r.cpus();
    memory = r.memory();
    maxProcesses = r.maxProcesses();
    pgUrl = r.pgUrl();
    redisUrl = r.redisUrl();
    redisPrefix = r.redisPrefix();
    calibration = r.calibration();
    samples = r.samples();
    maxBatchImages = r.maxBatchImages();
    maxPixels = r.maxPixels();
    heartbeatTimeoutS = r.heartbeatTimeoutS();
    spawnTimeoutS = r.spawnTimeoutS();
    overrunFactor = r.overrunFactor();
    overrunGraceS = r.overrunGraceS();
    workerMemoryLimitMb = r.workerMemoryLimitMb();
    workerHeapMb = r.workerHeapMb();
    restartLimit = r.restartLimit();
    restartWindowS = r.restartWindowS();
    checkpointS = r.checkpointS();
    sampleS = r.sampleS();
    cgroup = r.cgroup();
    cds = r.cds();
    cageId = r.cageId();
  }

  public CageConfigBuilder data(String value) {
    data = value;
    return this;
  }

  public CageConfigBuilder port(int value) {
    port = value;
    return this;
  }

  public CageConfigBuilder bind(String value) {
    bind = value;
    return this;
  }

  public CageConfigBuilder policy(String value) {
    policy = value;
    return this;
  }

  public CageConfigBuilder admission(String value) {
    admission = value;
    return this;
  }

  public CageConfigBuilder cpus(double value) {
    cpus = value;
    return this;
  }

  public CageConfigBuilder memory(String value) {
    memory = value;
    return this;
  }

  public CageConfigBuilder maxProcesses(int value) {
    maxProcesses = value;
    return this;
  }

  public CageConfigBuilder pgUrl(String value) {
    pgUrl = value;
    return this;
  }

  public CageConfigBuilder redisUrl(String value) {
    redisUrl = value;
    return this;
  }

  public CageConfigBuilder redisPrefix(String value) {
    redisPrefix = value;
    return this;
  }

  public CageConfigBuilder calibration(String value) {
    calibration = value;
    return this;
  }

  public CageConfigBuilder samples(String value) {
    samples = value;
    return this;
  }

  public CageConfigBuilder maxBatchImages(int value) {
    maxBatchImages = value;
    return this;
  }

  public CageConfigBuilder maxPixels(long value) {
    maxPixels = value;
    return this;
  }

  public CageConfigBuilder heartbeatTimeoutS(double value) {
    heartbeatTimeoutS = value;
    return this;
  }

  public CageConfigBuilder spawnTimeoutS(double value) {
    spawnTimeoutS = value;
    return this;
  }

  public CageConfigBuilder overrunFactor(double value) {
    overrunFactor = value;
    return this;
  }

  public CageConfigBuilder overrunGraceS(double value) {
    overrunGraceS = value;
    return this;
  }

  public CageConfigBuilder workerMemoryLimitMb(double value) {
    workerMemoryLimitMb = value;
    return this;
  }

  public CageConfigBuilder workerHeapMb(int value) {
    workerHeapMb = value;
    return this;
  }

  public CageConfigBuilder restartLimit(int value) {
    restartLimit = value;
    return this;
  }

  public CageConfigBuilder restartWindowS(double value) {
    restartWindowS = value;
    return this;
  }

  public CageConfigBuilder checkpointS(double value) {
    checkpointS = value;
    return this;
  }

  public CageConfigBuilder sampleS(double value) {
    sampleS = value;
    return this;
  }

  public CageConfigBuilder cgroup(String value) {
    cgroup = value;
    return this;
  }

  public CageConfigBuilder cds(String value) {
    cds = value;
    return this;
  }

  public CageConfigBuilder cageId(String value) {
    cageId = value;
    return this;
  }

  public CageConfig build() {
    return new CageConfig(data, port, bind, policy, admission, cpus, memory, maxProcesses, pgUrl, redisUrl,
        redisPrefix, calibration, samples, maxBatchImages, maxPixels, heartbeatTimeoutS, spawnTimeoutS,
        overrunFactor, overrunGraceS, workerMemoryLimitMb, workerHeapMb, restartLimit, restartWindowS, checkpointS,
        sampleS, cgroup, cds, cageId);
  }
}
