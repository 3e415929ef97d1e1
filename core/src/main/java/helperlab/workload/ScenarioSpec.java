package helperlab.workload;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import helperlab.model.DataFile;
import java.util.List;
import java.util.Map;

/**
 * An arrival pattern: how long, how loaded (relative to what the machine can resize), batch sizes,
 * the preset mix, the image mix by megapixels, cost noise, and optional flash crowds.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ScenarioSpec(
    @JsonProperty(required = true) String name,
    @JsonProperty(value = "duration_s", required = true) double durationS,
    @JsonProperty(required = true) double load,
    @JsonProperty(value = "batch_size", required = true) BatchSize batchSize,
    @JsonProperty(required = true) Map<String, Double> presets,
    @JsonProperty(value = "image_mix", required = true) List<ImageClass> imageMix,
    @JsonProperty(value = "cost_noise", required = true) CostNoise costNoise,
    @JsonProperty("bursts") Bursts bursts,
    @JsonProperty("trigger") Trigger trigger) {

  /** A scenario without a trigger. */
  public ScenarioSpec(String name, double durationS, double load, BatchSize batchSize, Map<String, Double> presets,
      List<ImageClass> imageMix, CostNoise costNoise, Bursts bursts) {
    this(name, durationS, load, batchSize, presets, imageMix, costNoise, bursts, null);
  }

  public static final List<String> BUILT_IN = List.of("calm", "busy", "burst", "heavy", "overload");

  /** Batch sizes: geometric with this mean, cut at max (mean 1 and max 1 give single images). */
  public record BatchSize(
      @JsonProperty(required = true) double mean,
      @JsonProperty(required = true) int max) {
    public BatchSize {
      if (!(mean >= 1)) {
        throw new IllegalArgumentException("batch_size.mean must be >= 1, got " + mean);
      }
      if (max < 1 || max > 10_000) {
        throw new IllegalArgumentException("batch_size.max must be between 1 and 10000, got " + max);
      }
    }
  }

  /** A class of images with megapixels spread log-uniformly between min and max. */
  public record ImageClass(
      @JsonProperty(required = true) String name,
      @JsonProperty(required = true) double weight,
      @JsonProperty(value = "min_mp", required = true) double minMp,
      @JsonProperty(value = "max_mp", required = true) double maxMp) {
    public ImageClass {
      if (!(weight > 0)) {
        throw new IllegalArgumentException("image_mix." + name + ".weight must be > 0, got " + weight);
      }
      if (!(minMp > 0) || !(maxMp >= minMp) || maxMp > 1000) {
        throw new IllegalArgumentException("image_mix." + name + ": need 0 < min_mp <= max_mp <= 1000, got "
            + minMp + ".." + maxMp);
      }
    }
  }

  /** How true cost scatters around the prediction: none, lognormal (sigma) or exponential (mean 1). */
  public record CostNoise(
      @JsonProperty(required = true) String kind,
      @JsonProperty("sigma") double sigma) {
    public CostNoise {
      if (!List.of("none", "lognormal", "exponential").contains(kind)) {
        throw new IllegalArgumentException("cost_noise.kind must be none, lognormal or exponential, got '" + kind + "'");
      }
      if (!(sigma >= 0) || sigma > 3) {
        throw new IllegalArgumentException("cost_noise.sigma must be between 0 and 3, got " + sigma);
      }
    }
  }

  /** Flash crowds: Poisson-timed windows in which arrivals come {@code multiplier} times faster. */
  public record Bursts(
      @JsonProperty(value = "per_hour", required = true) double perHour,
      @JsonProperty(value = "duration_s", required = true) double durationS,
      @JsonProperty(required = true) double multiplier) {
    public Bursts {
      if (!(perHour >= 0) || !(durationS > 0) || !(multiplier >= 1)) {
        throw new IllegalArgumentException("bursts need per_hour >= 0, duration_s > 0 and multiplier >= 1");
      }
    }
  }

  public ScenarioSpec {
    if (name == null || !name.matches("[A-Za-z0-9._-]{1,64}")) {
      throw new IllegalArgumentException("name must use letters, digits, '.', '_' or '-', got '" + name + "'");
    }
    if (!(durationS > 0) || durationS > 7 * 24 * 3600) {
      throw new IllegalArgumentException("duration_s must be between 0 and a week, got " + durationS);
    }
    if (!(load > 0) || load > 100) {
      throw new IllegalArgumentException("load must be > 0 (1 = what the machine can resize), got " + load);
    }
    if (batchSize == null) {
      throw new IllegalArgumentException("batch_size must be given");
    }
    if (presets == null || presets.isEmpty()) {
      throw new IllegalArgumentException("presets must give at least one preset with a weight");
    }
    presets.forEach((preset, w) -> {
      if (w == null || !(w > 0)) {
        throw new IllegalArgumentException("presets." + preset + " weight must be > 0, got " + w);
      }
    });
    if (imageMix == null || imageMix.isEmpty()) {
      throw new IllegalArgumentException("image_mix must list at least one class of images");
    }
    if (costNoise == null) {
      throw new IllegalArgumentException("cost_noise must be given");
    }
    presets = Map.copyOf(presets);
    imageMix = List.copyOf(imageMix);
  }

  public static ScenarioSpec builtIn(String name) {
    if (!BUILT_IN.contains(name)) {
      throw new IllegalArgumentException("unknown scenario '" + name + "'; built in: "
          + String.join(", ", BUILT_IN) + " (or give a path to a scenario JSON file)");
    }
    return DataFile.resource(ScenarioSpec.class, "scenario-" + name + ".json", ScenarioSpec.class);
  }

  /**
   * A built-in name, or a built-in name with the studies' trigger ({@code calm+spike}: a spike to ×3 the base rate,
   * {@code +slowdown}: half the CPU taken, {@code +cost_jump}: images cost ×2; each for 60 s at 15:00). A scenario
   * file is read by {@code study.ScenarioFiles}: the workload reads no files.
   */
  public static ScenarioSpec named(String name) {
    int plus = name.indexOf('+');
    if (plus > 0) {
      return builtIn(name.substring(0, plus)).withTrigger(studyTrigger(name.substring(plus + 1)));
    }
    return builtIn(name);
  }

  private static Trigger studyTrigger(String kind) {
    double size = switch (kind) {
      case "spike" -> 2;
      case "slowdown" -> 0.5;
      case "cost_jump" -> 1;
      default -> throw new IllegalArgumentException("unknown trigger '" + kind + "' after '+'; known: spike, slowdown,"
          + " cost_jump (e.g. calm+spike)");
    };
    return new Trigger(Trigger.Kind.valueOf(kind.toUpperCase(java.util.Locale.ROOT)), Trigger.STUDY_AT_S,
        Trigger.STUDY_DURATION_S, size);
  }

  /** This scenario with its load multiplied by {@code factor} (the sensitivity study). */
  public ScenarioSpec withLoadTimes(double factor) {
    return new ScenarioSpec(name, durationS, load * factor, batchSize, presets, imageMix, costNoise, bursts);
  }

  /**
   * This scenario at another load (1 = what the machine can resize), its trigger kept; its name, and so its
   * arrivals' random streams, stay the same (the phase study's load axis).
   */
  public ScenarioSpec withLoad(double other) {
    return new ScenarioSpec(name, durationS, other, batchSize, presets, imageMix, costNoise, bursts, trigger);
  }

  /** This scenario cut to a shorter (or longer) duration, for exhibits. */
  public ScenarioSpec withDuration(double seconds) {
    return new ScenarioSpec(name, seconds, load, batchSize, presets, imageMix, costNoise, bursts, trigger);
  }

  /** This scenario with a trigger (null: none); its name, and so its arrivals' random streams, stay the same. */
  public ScenarioSpec withTrigger(Trigger t) {
    return new ScenarioSpec(name, durationS, load, batchSize, presets, imageMix, costNoise, bursts, t);
  }
}
