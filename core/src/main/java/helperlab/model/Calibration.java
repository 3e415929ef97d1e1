package helperlab.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What was measured on a server: the resize cost curve and the machine-model constants (contention,
 * spawn and warm-up CPU, worker and image memory), plus the speed probe taken at calibration time and
 * the measured cost of each calibration sample (the cage's exhibits resize those same images), and the processor it
 * was measured on ({@link Processor}; null: not said, as in calibrations made before it was kept).
 */
public record Calibration(
    @JsonProperty(required = true) String name,
    @JsonProperty(required = true) CostCurve cost,
    @JsonProperty(required = true) double contention,
    @JsonProperty(value = "spawn_cpu_ms", required = true) double spawnCpuMs,
    @JsonProperty(value = "warmup_cpu_ms", required = true) double warmupCpuMs,
    @JsonProperty(value = "worker_private_mb", required = true) double workerPrivateMb,
    @JsonProperty(value = "worker_shared_mb", required = true) double workerSharedMb,
    @JsonProperty(value = "image_mb_per_mp", required = true) double imageMbPerMp,
    @JsonProperty(value = "speed_probe_ms", required = true) double speedProbeMs,
    @JsonProperty(value = "flat_average_ms", required = true) Map<String, Double> flatAverageMs,
    @JsonProperty("source") String source,
    @JsonProperty("sample_costs") List<SampleCost> sampleCosts,
    @JsonProperty("preset_factors") Map<String, Double> presetFactors,
    @JsonProperty("worker_image_factors") List<Double> workerImageFactors,
    @JsonProperty("image_memory") List<MemoryPoint> imageMemory,
    @JsonProperty("worker_hello_mb") Double workerHelloMb,
    @JsonProperty("contention_measured_to") Double contentionMeasuredTo,
    @JsonProperty("worker_ready_s") Double workerReadyS,
    @JsonProperty("processor") @com.fasterxml.jackson.annotation.JsonInclude(
        com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL) String processor) {

  public Calibration {
    Check.name("name", name);
    if (cost == null) {
      throw new IllegalArgumentException("cost must be given");
    }
    Check.nonNegative("contention", contention);
    Check.nonNegative("spawn_cpu_ms", spawnCpuMs);
    Check.nonNegative("warmup_cpu_ms", warmupCpuMs);
    Check.nonNegative("worker_private_mb", workerPrivateMb);
    Check.nonNegative("worker_shared_mb", workerSharedMb);
    Check.nonNegative("image_mb_per_mp", imageMbPerMp);
    Check.positive("speed_probe_ms", speedProbeMs);
    if (flatAverageMs == null) {
      throw new IllegalArgumentException("flat_average_ms must be given (preset -> ms per image)");
    }
    flatAverageMs.forEach((preset, ms) -> {
      if (ms == null) {
        throw new IllegalArgumentException("flat_average_ms." + preset + " must be a number");
      }
      Check.positive("flat_average_ms." + preset, ms);
    });
    flatAverageMs = Collections.unmodifiableSortedMap(new TreeMap<>(flatAverageMs));
    sampleCosts = sampleCosts == null ? List.of() : List.copyOf(sampleCosts);
    presetFactors = presetFactors == null ? Map.of() : Collections.unmodifiableSortedMap(new TreeMap<>(presetFactors));
    presetFactors.forEach((preset, f) -> {
      if (f == null) {
        throw new IllegalArgumentException("preset_factors." + preset + " must be a number");
      }
      Check.positive("preset_factors." + preset, f);
    });
    workerImageFactors = workerImageFactors == null ? List.of() : List.copyOf(workerImageFactors);
    for (int i = 0; i < workerImageFactors.size(); i++) {
      Check.positive("worker_image_factors[" + i + "]", workerImageFactors.get(i));
    }
    imageMemory = imageMemory == null ? List.of()
        : imageMemory.stream().sorted(Comparator.comparingDouble(MemoryPoint::megapixels)).toList();
    if (workerHelloMb != null) {
      Check.nonNegative("worker_hello_mb", workerHelloMb);
    }
    if (contentionMeasuredTo != null) {
      Check.positive("contention_measured_to", contentionMeasuredTo);
    }
    if (workerReadyS != null) {
      Check.positive("worker_ready_s", workerReadyS);
    }
  }

  /**
   * How many cores a fresh worker's start-up keeps busy: its start-up CPU over the wall time it took alone in
   * the cage ({@code worker_ready_s}). A JVM starts on several threads at once (its JIT compilers and GC beside
   * the main thread), so this is above 1 (1.41 to 1.51 on the machines measured); 1 when not measured.
   */
  public double startupParallelism() {
    if (workerReadyS == null) {
      return 1.0;
    }
    return Math.max(1.0, (spawnCpuMs + warmupCpuMs) / 1000.0 / workerReadyS);
  }

  /** The contention curve: its penalty grows only as far as the calibration's concurrency ladder went. */
  public Contention contentionModel() {
    return new Contention(contention, contentionMeasuredTo == null ? Double.POSITIVE_INFINITY : contentionMeasuredTo);
  }

  /**
   * Private memory a fresh worker holds once its JVM is up (at hello), before its warm-up grows it to
   * {@code worker_private_mb}; the whole private memory when it was not measured.
   */
  public double helloMb() {
    return workerHelloMb == null ? workerPrivateMb : Math.min(workerHelloMb, workerPrivateMb);
  }

  /**
   * How much the {@code index}-th image a worker resizes (from 0) costs against the calibration's
   * price: a fresh JVM still compiles its hot code during its first images. The last factor holds
   * for every later image; 1 when not measured.
   */
  public double workerImageFactor(int index) {
    if (workerImageFactors.isEmpty()) {
      return 1.0;
    }
    return workerImageFactors.get(Math.min(index, workerImageFactors.size() - 1));
  }

  /**
   * How much a preset's resize costs against the curve's (measured with the web preset): a small
   * output decodes at a fraction of the pixels. 1 when the calibration did not measure it.
   */
  public double presetFactor(String preset) {
    Double f = presetFactors.get(preset);
    return f == null ? 1.0 : f;
  }

  /** The forecast of one image's resize, in seconds of the calibrated core: the curve, by preset. */
  public double forecastSeconds(double megapixels, String preset) {
    return cost.seconds(megapixels) * presetFactor(preset);
  }

  /**
   * What resizing {@code image} really costs, in seconds of the calibrated core: its measured cost
   * when it is one of the calibration's samples (with that preset where it was measured so, else web's
   * times the preset's factor), else the curve's, by preset. Schedulers forecast with
   * {@link #forecastSeconds} only, as the cage does.
   */
  public double trueSeconds(ImageSpec image, String preset) {
    for (SampleCost s : sampleCosts) {
      if (s.matches(image)) {
        return s.ms(preset, presetFactor(preset)) / 1000.0;
      }
    }
    return forecastSeconds(image.megapixels(), preset);
  }

  /** The source a calibration measured by the cage's bench starts with. */
  public static final String CAGE_BENCH_SOURCE = "helper-lab cage bench";
  /** The source a calibration measured by {@code helper-lab calibrate} starts with. */
  public static final String CALIBRATE_SOURCE = "helper-lab calibrate";

  /** Measured by workers like a cage's (calibrate or the cage bench), not a placeholder or a hand-made file. */
  public boolean measuredOnACage() {
    return source != null && (source.startsWith(CAGE_BENCH_SOURCE) || source.startsWith(CALIBRATE_SOURCE));
  }

  /**
   * The seed server's cost curve with placeholder machine constants: the cage's fallback when it has
   * not been calibrated, and the fixture its tests are written against. Sweeps use {@link #defaults()}.
   */
  public static Calibration seed() {
    return DataFile.resource(Calibration.class, "calibration-seed.json", Calibration.class);
  }

  /**
   * The simulator's default, one machine: the seed's server (its cost curve and speed probe), with every machine
   * constant (contention, spawn, warm-up, memory, preset factors) measured on a real cage and its start-up times
   * brought to the seed server's speed by the two speed probes' ratio, so no default run rests on a placeholder
   * and a helper's start is priced against work of the same machine.
   */
  public static Calibration defaults() {
    return DataFile.resource(Calibration.class, "calibration-default.json", Calibration.class);
  }

  /** A real cage's calibration end to end (its own cost curve too): the steady AMD set's. */
  public static Calibration measured() {
    return DataFile.resource(Calibration.class, "calibration-measured.json", Calibration.class);
  }

  public static Calibration load(Path file) {
    return DataFile.read(file, Calibration.class);
  }

  /** Milliseconds per image the old flat admission assumes for a preset. */
  public double flatMillis(String preset) {
    Double ms = flatAverageMs.get(preset);
    if (ms == null) {
      throw new IllegalArgumentException(
          "calibration '" + name + "' has no flat_average_ms for preset '" + preset + "'");
    }
    return ms;
  }

  /**
   * Memory a worker holds above its idle size once it has resized an image of {@code megapixels}:
   * the measured curve where there is one (between its points linearly, flat past its ends: the
   * first image grows the heap, the heap's cap bounds it), else {@code image_mb_per_mp} per megapixel.
   */
  public double imageMb(double megapixels) {
    return ImageMemoryCurve.of(this).mb(megapixels);
  }

  /**
   * This calibration with a fresh worker's start-up (spawn and warm-up CPU, and its wall time, so it starts on
   * as many cores) multiplied by {@code factor}; 0 makes processes free to start (the sensitivity study).
   */
  public Calibration withStartupTimes(double factor) {
    Check.nonNegative("start-up factor", factor);
    return toBuilder().spawnCpuMs(spawnCpuMs * factor).warmupCpuMs(warmupCpuMs * factor)
        .workerReadyS(workerReadyS == null || factor == 0 ? null : workerReadyS * factor).build();
  }

  /**
   * This calibration with a fresh worker's slower first images moved by {@code factor}: each position's extra over
   * a long-lived worker's price (the last factor) times {@code factor}, so 0 is a fresh worker as fast as a warm
   * one (a fork of a warm process) and 2 one twice as slow to warm up. Goes with the spawn-cost axis, which moves
   * the start-up and warm-up CPU by the same factor: the CPU a fresh process costs, priced whole.
   */
  public Calibration withWarmUpSlownessTimes(double factor) {
    Check.nonNegative("warm-up slowness factor", factor);
    if (workerImageFactors.isEmpty()) {
      return this;
    }
    double warm = workerImageFactors.get(workerImageFactors.size() - 1);
    List<Double> scaled = workerImageFactors.stream().map(f -> Math.max(1e-6, warm + (f - warm) * factor)).toList();
    return toBuilder().workerImageFactors(scaled).build();
  }

  /** This calibration with costs scaled by {@code factor} (a same-day speed probe over this one). */
  public Calibration scaledBy(double factor, String newSource) {
    Check.positive("speed factor", factor);
    CostCurve c = new CostCurve(cost.a() * factor, cost.b(), cost.floorMs() * factor, cost.ceilingMs() * factor);
    return toBuilder().cost(c).spawnCpuMs(spawnCpuMs * factor).warmupCpuMs(warmupCpuMs * factor)
        .speedProbeMs(speedProbeMs * factor).source(newSource)
        .sampleCosts(sampleCosts.stream().map(s -> s.scaledBy(factor)).toList())
        .workerReadyS(workerReadyS == null ? null : workerReadyS * factor).build();
  }

  /** A builder holding this record's values: set what differs by name, keep the rest. */
  public CalibrationBuilder toBuilder() {
    return new CalibrationBuilder(this);
  }

  /** An empty builder: every field named where it is set. */
  public static CalibrationBuilder builder() {
    return new CalibrationBuilder();
  }
}
