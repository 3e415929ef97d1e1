package helperlab.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * What was measured on a server: the resize cost curve and the machine-model constants (contention,
 * spawn and warm-up CPU, worker and image memory), plus the speed probe taken at calibration time.
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
    @JsonProperty("source") String source) {

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
    flatAverageMs = Map.copyOf(new TreeMap<>(flatAverageMs));
  }

  /** The seed server's calibration, shipped with the lab. */
  public static Calibration seed() {
    return DataFile.resource(Calibration.class, "calibration-seed.json", Calibration.class);
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

  /** Memory one image holds while it is resized, from its pixels. */
  public double imageMb(double megapixels) {
    return imageMbPerMp * megapixels;
  }

  /** This calibration with costs scaled by {@code factor} (a same-day speed probe over this one). */
  public Calibration scaledBy(double factor, String newSource) {
    Check.positive("speed factor", factor);
    CostCurve c = new CostCurve(cost.a() * factor, cost.b(), cost.floorMs() * factor, cost.ceilingMs() * factor);
    return new Calibration(name, c, contention, spawnCpuMs * factor, warmupCpuMs * factor,
        workerPrivateMb, workerSharedMb, imageMbPerMp, speedProbeMs * factor, flatAverageMs, newSource);
  }
}
