package helperlab.workload;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;

/**
 * A short disturbance at a set time, after which the load goes back to the base: the start of a
 * metastable failure if the service does not come back. {@code size} is the excess over the base,
 * so a size of 0 is no trigger at all:
 * <ul>
 *   <li>{@code spike}: arrivals come {@code 1 + size} times as fast (size 1 = ×2);</li>
 *   <li>{@code slowdown}: a co-tenant takes {@code size} of the machine's CPU (0.5 = half);</li>
 *   <li>{@code cost_jump}: images started in the window cost {@code 1 + size} times their work.</li>
 * </ul>
 */
public record Trigger(
    @JsonProperty(required = true) Kind kind,
    @JsonProperty(value = "at_s", required = true) double atS,
    @JsonProperty(value = "duration_s", required = true) double durationS,
    @JsonProperty(required = true) double size) {

  /** When the studies' triggers (and a scenario named like {@code calm+spike}) start: 15:00 into the hour. */
  public static final double STUDY_AT_S = 900;
  /** How long the studies' triggers last. */
  public static final double STUDY_DURATION_S = 60;

  /** The trigger's kinds, by their JSON names. */
  public enum Kind {
    SPIKE("spike"), SLOWDOWN("slowdown"), COST_JUMP("cost_jump");

    private final String id;

    Kind(String id) {
      this.id = id;
    }

    @JsonValue
    public String id() {
      return id;
    }

    @JsonCreator
    public static Kind of(String id) {
      for (Kind k : values()) {
        if (k.id.equals(id)) {
          return k;
        }
      }
      throw new IllegalArgumentException("trigger.kind must be one of "
          + Arrays.stream(values()).map(Kind::id).toList() + ", got '" + id + "'");
    }
  }

  public Trigger {
    if (kind == null) {
      throw new IllegalArgumentException("trigger.kind must be spike, slowdown or cost_jump");
    }
    if (!(atS >= 0) || Double.isInfinite(atS)) {
      throw new IllegalArgumentException("trigger.at_s must be >= 0 s, got " + atS);
    }
    if (!(durationS > 0) || Double.isInfinite(durationS)) {
      throw new IllegalArgumentException("trigger.duration_s must be > 0 s, got " + durationS);
    }
    if (!(size >= 0) || Double.isInfinite(size)) {
      throw new IllegalArgumentException("trigger.size must be >= 0 (the excess over the base), got " + size);
    }
    if (kind == Kind.SLOWDOWN && size >= 1) {
      throw new IllegalArgumentException("a slowdown's size is the share of CPU the co-tenant takes: below 1, got " + size);
    }
  }

  public Trigger withSize(double other) {
    return new Trigger(kind, atS, durationS, other);
  }

  public double endS() {
    return atS + durationS;
  }

  /** A trigger that changes nothing. */
  @JsonIgnore
  public boolean isNone() {
    return size == 0;
  }

  public boolean activeAt(double t) {
    return t >= atS && t < endS();
  }

  /** Share of the machine's CPU left to the service at {@code t}. */
  public double cpuLeftAt(double t) {
    return kind == Kind.SLOWDOWN && activeAt(t) ? 1 - size : 1;
  }

  /** What an image started at {@code t} costs relative to its base work. */
  public double costFactorAt(double t) {
    return kind == Kind.COST_JUMP && activeAt(t) ? 1 + size : 1;
  }

  /** A short label for tables: "spike x2", "slowdown 50%", "cost_jump x2". */
  public String label() {
    return switch (kind) {
      case SPIKE, COST_JUMP -> kind.id() + " x" + num(1 + size);
      case SLOWDOWN -> kind.id() + " " + num(100 * size) + "%";
    };
  }

  private static String num(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.2g", v);
  }
}
