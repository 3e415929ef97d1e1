package helperlab.model;

import java.util.List;
import java.util.Map;

/**
 * Builds a {@link Calibration} field by field, each named where it is set, so a mis-ordered argument does not compile
 * and a field left out is left out by name; {@link #build()} checks the record as its constructor does.
 */
public final class CalibrationBuilder {
  private String name;
  private CostCurve cost;
  private double contention;
  private double spawnCpuMs;
  private double warmupCpuMs;
  private double workerPrivateMb;
  private double workerSharedMb;
  private double imageMbPerMp;
  private double speedProbeMs;
  private Map<String, Double> flatAverageMs;
  private String source;
  private List<SampleCost> sampleCosts;
  private Map<String, Double> presetFactors;
  private List<Double> workerImageFactors;
  private List<MemoryPoint> imageMemory;
  private Double workerHelloMb;
  private Double contentionMeasuredTo;
  private Double workerReadyS;
  private String processor;

  CalibrationBuilder() {
  }

  CalibrationBuilder(Calibration r) {
    name = r.name();
    cost = r.cost();
    contention = r.contention();
    spawnCpuMs = r.spawnCpuMs();
    warmupCpuMs = r.warmupCpuMs();
    workerPrivateMb = r.workerPrivateMb();
    workerSharedMb = r.workerSharedMb();
    imageMbPerMp = r.imageMbPerMp();
    speedProbeMs = r.speedProbeMs();
    flatAverageMs = r.flatAverageMs();
    source = r.source();
    sampleCosts = r.sampleCosts();
    presetFactors = r.presetFactors();
    workerImageFactors = r.workerImageFactors();
    imageMemory = r.imageMemory();
    workerHelloMb = r.workerHelloMb();
    contentionMeasuredTo = r.contentionMeasuredTo();
    workerReadyS = r.workerReadyS();
    processor = r.processor();
  }

  public CalibrationBuilder name(String value) {
    name = value;
    return this;
  }

  public CalibrationBuilder cost(CostCurve value) {
    cost = value;
    return this;
  }

  public CalibrationBuilder contention(double value) {
    contention = value;
    return this;
  }

  public CalibrationBuilder spawnCpuMs(double value) {
    spawnCpuMs = value;
    return this;
  }

  public CalibrationBuilder warmupCpuMs(double value) {
    warmupCpuMs = value;
    return this;
  }

  public CalibrationBuilder workerPrivateMb(double value) {
    workerPrivateMb = value;
    return this;
  }

  public CalibrationBuilder workerSharedMb(double value) {
    workerSharedMb = value;
    return this;
  }

  public CalibrationBuilder imageMbPerMp(double value) {
    imageMbPerMp = value;
    return this;
  }

  public CalibrationBuilder speedProbeMs(double value) {
    speedProbeMs = value;
    return this;
  }

  public CalibrationBuilder flatAverageMs(Map<String, Double> value) {
    flatAverageMs = value;
    return this;
  }

  public CalibrationBuilder source(String value) {
    source = value;
    return this;
  }

  public CalibrationBuilder sampleCosts(List<SampleCost> value) {
    sampleCosts = value;
    return this;
  }

  public CalibrationBuilder presetFactors(Map<String, Double> value) {
    presetFactors = value;
    return this;
  }

  public CalibrationBuilder workerImageFactors(List<Double> value) {
    workerImageFactors = value;
    return this;
  }

  public CalibrationBuilder imageMemory(List<MemoryPoint> value) {
    imageMemory = value;
    return this;
  }

  public CalibrationBuilder workerHelloMb(Double value) {
    workerHelloMb = value;
    return this;
  }

  public CalibrationBuilder contentionMeasuredTo(Double value) {
    contentionMeasuredTo = value;
    return this;
  }

  public CalibrationBuilder workerReadyS(Double value) {
    workerReadyS = value;
    return this;
  }

  public CalibrationBuilder processor(String value) {
    processor = value;
    return this;
  }

  public Calibration build() {
    return new Calibration(name, cost, contention, spawnCpuMs, warmupCpuMs, workerPrivateMb, workerSharedMb,
        imageMbPerMp, speedProbeMs, flatAverageMs, source, sampleCosts, presetFactors, workerImageFactors,
        imageMemory, workerHelloMb, contentionMeasuredTo, workerReadyS, processor);
  }
}
