package helperlab.workload;

import helperlab.model.Calibration;
import helperlab.model.CostCurve;
import helperlab.model.ImageSpec;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.model.Task;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Generates a scenario's batches for a machine and seed. The arrival rate is set so the offered
 * work is {@code load} times what the machine can resize (its cores at its speed over the mean image
 * cost of the mix, each preset priced by its factor); flash crowds multiply it inside their windows. A batch's deadline is its preset's
 * base plus its allowance times the batch's forecast work on one core of the machine (the calibration's
 * curve with the preset's factor, at the machine's speed): what the service itself can know of a batch.
 */
public final class ArrivalGenerator {
  private static final double[][] ASPECTS = {{4.0 / 3, 0.5}, {3.0 / 2, 0.3}, {16.0 / 9, 0.15}, {1.0, 0.05}};

  private final ScenarioSpec scenario;
  private final MachineSpec machine;
  private final Calibration calibration;
  private final CostCurve curve;
  private final PresetCatalog presets;
  // The mixes as every batch and image draws from them, worked out once (a sweep draws hundreds of thousands of images):
  // the presets in name order (map order must not depend on hashing) with their weights and total, the image classes'
  // total weight and each class's megapixel range in logs.
  private final String[] presetNames;
  private final double[] presetWeights;
  private final double presetTotal;
  private final double classTotal;
  private final double[] classLogMin;
  private final double[] classLogSpan;

  public ArrivalGenerator(ScenarioSpec scenario, MachineSpec machine, Calibration calibration, PresetCatalog presets) {
    this.scenario = scenario;
    this.machine = machine;
    this.calibration = calibration;
    this.curve = calibration.cost();
    this.presets = presets;
    Map<String, Double> sorted = new TreeMap<>(scenario.presets());
    presetNames = sorted.keySet().toArray(String[]::new);
    presetWeights = sorted.values().stream().mapToDouble(Double::doubleValue).toArray();
    double total = 0;
    for (double w : presetWeights) {
      total += w;
    }
    presetTotal = total;
    List<ScenarioSpec.ImageClass> mix = scenario.imageMix();
    total = 0;
    classLogMin = new double[mix.size()];
    classLogSpan = new double[mix.size()];
    for (int i = 0; i < mix.size(); i++) {
      ScenarioSpec.ImageClass c = mix.get(i);
      total += c.weight();
      classLogMin[i] = Math.log(c.minMp());
      classLogSpan[i] = Math.log(c.maxMp()) - Math.log(c.minMp());
    }
    classTotal = total;
    for (String p : scenario.presets().keySet()) {
      if (!presets.has(p)) {
        throw new IllegalArgumentException("scenario " + scenario.name() + " names preset '" + p
            + "', which is not defined; known: " + String.join(", ", presets.names()));
      }
    }
  }

  /**
   * Mean seconds of the calibrated core per image in this scenario's mix, as the images really cost: the curve's
   * mean over the image mix times the preset mix's mean factor (a preset and an image's size are drawn
   * independently; noise has mean 1). A fresh worker's slower first images are a cost of the process, not of the
   * work offered, so they are left out: a long-lived worker resizes at the curve's price.
   */
  public double meanImageCostS() {
    double weights = 0;
    double sum = 0;
    for (ScenarioSpec.ImageClass c : scenario.imageMix()) {
      weights += c.weight();
      sum += c.weight() * meanCost(c);
    }
    return sum / weights * meanPresetFactor();
  }

  /** The preset mix's mean cost against the curve's (web's): thumb and archive priced by their factors. */
  public double meanPresetFactor() {
    double weights = 0;
    double sum = 0;
    for (Map.Entry<String, Double> p : new TreeMap<>(scenario.presets()).entrySet()) {
      weights += p.getValue();
      sum += p.getValue() * calibration.presetFactor(p.getKey());
    }
    return sum / weights;
  }

  private double meanCost(ScenarioSpec.ImageClass c) {
    if (c.maxMp() == c.minMp()) {
      return curve.seconds(c.minMp());
    }
    int n = 512;
    double lo = Math.log(c.minMp());
    double hi = Math.log(c.maxMp());
    double sum = 0;
    for (int i = 0; i < n; i++) {
      sum += curve.seconds(Math.exp(lo + (hi - lo) * (i + 0.5) / n));
    }
    return sum / n;
  }

  /** Mean images per batch of the truncated geometric distribution. */
  public double meanBatchSize() {
    ScenarioSpec.BatchSize b = scenario.batchSize();
    double p = 1.0 / b.mean();
    if (p >= 1) {
      return 1;
    }
    double mean = 0;
    double q = 1;
    for (int k = 1; k < b.max(); k++) {
      mean += k * p * q;
      q *= 1 - p;
    }
    return mean + b.max() * q;
  }

  /** Batches per second outside flash crowds. */
  public double baseBatchRate() {
    double imagesPerSecond = scenario.load() * machine.cores() * machine.speedOrDefault() / meanImageCostS();
    return imagesPerSecond / meanBatchSize();
  }

  public List<Task> generate(long seed) {
    RandomStreams streams = new RandomStreams(scenario.name(), machine.arrivalIdentity(), seed);
    SplittableRandom arrivals = streams.stream("arrivals");
    SplittableRandom sizes = streams.stream("batch-size");
    SplittableRandom presetDraw = streams.stream("preset");
    SplittableRandom classDraw = streams.stream("image-class");
    SplittableRandom mpDraw = streams.stream("image-mp");
    SplittableRandom aspectDraw = streams.stream("aspect");
    SplittableRandom noiseDraw = streams.stream("noise");
    double[] bursts = burstWindows(streams.stream("bursts"));

    double base = baseBatchRate();
    double multiplier = scenario.bursts() == null ? 1 : scenario.bursts().multiplier();
    List<Task> tasks = new ArrayList<>();
    double t = 0;
    int burstIndex = 0;
    while (t < scenario.durationS()) {
      while (burstIndex < bursts.length && bursts[burstIndex + 1] <= t) {
        burstIndex += 2;
      }
      boolean inBurst = burstIndex < bursts.length && bursts[burstIndex] <= t;
      double rate = inBurst ? base * multiplier : base;
      double boundary = burstIndex >= bursts.length ? scenario.durationS()
          : Math.min(scenario.durationS(), inBurst ? bursts[burstIndex + 1] : bursts[burstIndex]);
      double next = t - Math.log(1 - arrivals.nextDouble()) / rate;
      if (next >= boundary) {
        t = boundary; // memoryless: restart the clock at the rate change
        continue;
      }
      t = next;
      tasks.add(batch(tasks.size(), t, sizes, presetDraw, classDraw, mpDraw, aspectDraw, noiseDraw));
    }
    return SpikeArrivals.add(tasks, scenario.trigger(), base, scenario.durationS(), this, streams);
  }

  /**
   * The extra batches of a spike started during a live run, at {@code spike.size()} times this
   * scenario's base rate over the spike's window (the run gives them their ids as they arrive).
   */
  public List<Task> spikeBatches(Trigger spike, SplittableRandom random) {
    if (spike.kind() != Trigger.Kind.SPIKE || spike.isNone()) {
      return List.of();
    }
    return SpikeArrivals.batches(spike, baseBatchRate(), spike.endS(), this, random, random);
  }

  /**
   * One batch drawn from this scenario's mixes (size, preset, images) with its own random source, for
   * a batch sent by hand (the big helper button).
   */
  public Task sampleBatch(int id, double at, SplittableRandom random) {
    return batch(id, at, random, random, random, random, random, random);
  }

  private Task batch(int id, double at, SplittableRandom sizes, SplittableRandom presetDraw,
      SplittableRandom classDraw, SplittableRandom mpDraw, SplittableRandom aspectDraw, SplittableRandom noiseDraw) {
    int n = batchSize(sizes);
    String preset = pickPreset(presetDraw.nextDouble());
    List<ImageSpec> images = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      int c = pickClass(classDraw.nextDouble());
      double mp = Math.exp(classLogMin[c] + classLogSpan[c] * mpDraw.nextDouble());
      double aspect = pickAspect(aspectDraw.nextDouble());
      boolean portrait = aspectDraw.nextBoolean();
      int w = (int) Math.max(1, Math.round(Math.sqrt(mp * 1e6 * aspect)));
      int h = (int) Math.max(1, Math.round(mp * 1e6 / w));
      images.add(portrait ? new ImageSpec(h, w, noise(noiseDraw)) : new ImageSpec(w, h, noise(noiseDraw)));
    }
    double work = 0;
    for (ImageSpec image : images) {
      work += calibration.forecastSeconds(image.megapixels(), preset);
    }
    double deadline = at + presets.get(preset).deadlineWindowS(work / machine.speedOrDefault());
    return new Task(id, at, preset, deadline, images);
  }

  private int batchSize(SplittableRandom r) {
    ScenarioSpec.BatchSize b = scenario.batchSize();
    double p = 1.0 / b.mean();
    if (p >= 1) {
      return 1;
    }
    int k = 1 + (int) Math.floor(Math.log(1 - r.nextDouble()) / Math.log(1 - p));
    return Math.min(b.max(), Math.max(1, k));
  }

  private double noise(SplittableRandom r) {
    ScenarioSpec.CostNoise n = scenario.costNoise();
    return switch (n.kind()) {
      case "lognormal" -> Math.exp(n.sigma() * gaussian(r) - n.sigma() * n.sigma() / 2);
      case "exponential" -> Math.max(1e-6, -Math.log(1 - r.nextDouble()));
      default -> 1;
    };
  }

  /** Box-Muller with one draw pair per value, so the stream position does not depend on caching. */
  private static double gaussian(SplittableRandom r) {
    double u1 = 1 - r.nextDouble();
    double u2 = r.nextDouble();
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }

  /**
   * The flash crowds' windows of seed {@code seed}'s arrivals, as start, end pairs (overlapping crowds merged;
   * the last may run past the scenario's end).
   */
  public double[] crowdWindows(long seed) {
    return burstWindows(new RandomStreams(scenario.name(), machine.arrivalIdentity(), seed).stream("bursts"));
  }

  private double[] burstWindows(SplittableRandom r) {
    ScenarioSpec.Bursts b = scenario.bursts();
    if (b == null || b.perHour() == 0) {
      return new double[0];
    }
    List<double[]> windows = new ArrayList<>();
    double rate = b.perHour() / 3600.0;
    double t = -Math.log(1 - r.nextDouble()) / rate;
    while (t < scenario.durationS()) {
      double end = t + b.durationS();
      if (!windows.isEmpty() && windows.get(windows.size() - 1)[1] >= t) {
        windows.get(windows.size() - 1)[1] = Math.max(end, windows.get(windows.size() - 1)[1]);
      } else {
        windows.add(new double[] {t, end});
      }
      t += -Math.log(1 - r.nextDouble()) / rate;
    }
    double[] flat = new double[windows.size() * 2];
    for (int i = 0; i < windows.size(); i++) {
      flat[2 * i] = windows.get(i)[0];
      flat[2 * i + 1] = windows.get(i)[1];
    }
    return flat;
  }

  private String pickPreset(double u) {
    double x = u * presetTotal;
    String last = null;
    for (int i = 0; i < presetNames.length; i++) {
      last = presetNames[i];
      x -= presetWeights[i];
      if (x < 0) {
        return last;
      }
    }
    return last;
  }

  /** The image class drawn by {@code u}: its index in the scenario's mix. */
  private int pickClass(double u) {
    List<ScenarioSpec.ImageClass> mix = scenario.imageMix();
    double x = u * classTotal;
    for (int i = 0; i < mix.size(); i++) {
      x -= mix.get(i).weight();
      if (x < 0) {
        return i;
      }
    }
    return mix.size() - 1;
  }

  private static double pickAspect(double u) {
    double x = u;
    for (double[] a : ASPECTS) {
      x -= a[1];
      if (x < 0) {
        return a[0];
      }
    }
    return ASPECTS[ASPECTS.length - 1][0];
  }
}
