package helperlab.study.phase;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import helperlab.policy.PolicyCatalog;
import helperlab.workload.Trigger;
import java.util.ArrayList;
import java.util.List;

/**
 * The phase study's own axes: offered loads (a scenario's {@code load} is its offered load, held within 2% by
 * OfferedLoadTest) × settings (admission, forecast bias, clients: {@link PhaseSetting}) × conditions (no trigger,
 * if {@code untriggered}, and each trigger) × policies, on the study's seeds. The full grid ({@link #full()}) is large on purpose; a smaller one is for a slice, and says
 * so in the plan it is written with.
 */
public record PhaseGrid(
    @JsonProperty(value = "loads", required = true) List<Double> loads,
    @JsonProperty(value = "untriggered", required = true) boolean untriggered,
    @JsonProperty(value = "triggers", required = true) List<Trigger> triggers,
    @JsonProperty(value = "policies", required = true) List<String> policies,
    @JsonProperty("settings") List<PhaseSetting> settings,
    @JsonProperty("prices") @com.fasterxml.jackson.annotation.JsonInclude(
        com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY) List<Double> prices) {

  /**
   * The price axis: a helper's start in images of the hour's mix, from a fork's fraction of an image through the
   * measured machines (the 12-03 host 5.2, the AMD cage 7.0) to the default basis's 13.5 (which the runs at the
   * calibration's own price already are).
   */
  public static final List<Double> PRICES = List.of(0.2, 0.5, 1.0, 2.0, 3.0, 5.2, 7.0);
  /** Offered loads 0.1 to 0.9. */
  public static final List<Double> LOADS = List.of(0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9);
  /** Trigger sizes per kind: spike ×1.5 to ×5 the rate; a co-tenant taking a quarter to three quarters; ×1.5 to ×3 work. */
  public static final List<Double> SPIKE_SIZES = List.of(0.5, 1.0, 2.0, 4.0);
  public static final List<Double> SLOWDOWN_SIZES = List.of(0.25, 0.5, 0.75);
  public static final List<Double> COST_JUMP_SIZES = List.of(0.5, 1.0, 2.0);
  /** How long a trigger lasts, seconds: from a blip to ten minutes. */
  public static final List<Double> DURATIONS_S = List.of(10.0, 60.0, 300.0, 600.0);
  /** When the triggers start: 15:00, so a 10-minute one ends with 35 minutes left to see what follows. */
  public static final double AT_S = Trigger.STUDY_AT_S;
  /**
   * The policies that call for help (a helper per task, splitting, a retrying client, an autoscaler), their
   * budgets, and the pool they are set against.
   */
  public static final List<String> POLICIES = List.of("pool-edf-10", "box", "box-help-10", "box-help-20",
      "box-help-50", "box-help-10-min1", "box-help-20-min1", "box-help-50-min1", "box-help-20-min0",
      "split-forecast", "split-forecast-budget", "split-forecast-help-20", "retry-client",
      "retry-client-budget", "autoscale-lag", "autoscale-lag-capped");
  /**
   * Admission, forecast and clients: edf-fit with clients that honour Retry-After, re-send at once, or back off
   * ignoring it; no admission (nothing is refused, so the client's answer to a refusal does not arise); edf-fit
   * pricing work 0.7× and 1.4× what it costs.
   */
  public static final List<PhaseSetting> SETTINGS = List.of(PhaseSetting.BASE, PhaseSetting.parse("edf-fit/at-once"),
      PhaseSetting.parse("edf-fit/backoff"), PhaseSetting.parse("none"), PhaseSetting.parse("edf-fit*0.7"),
      PhaseSetting.parse("edf-fit*1.4"));

  public PhaseGrid {
    loads = List.copyOf(loads);
    triggers = List.copyOf(triggers);
    policies = List.copyOf(policies);
    settings = settings == null || settings.isEmpty() ? List.of(PhaseSetting.BASE) : List.copyOf(settings);
    prices = prices == null ? List.of() : List.copyOf(prices);
    for (double p : prices) {
      if (!(p > 0) || p > 1000) {
        throw new IllegalArgumentException("a helper's price must be > 0 images of the mix (a fork ~0.2, a JVM several),"
            + " got " + p);
      }
    }
    if (loads.isEmpty() || policies.isEmpty() || (!untriggered && triggers.isEmpty())) {
      throw new IllegalArgumentException("a phase grid needs a load, a policy and a condition (no trigger or a trigger)");
    }
    for (double l : loads) {
      if (!(l > 0) || l > 100) {
        throw new IllegalArgumentException("a phase grid's load must be > 0 (1 = what the machine can resize), got " + l);
      }
    }
    for (String p : policies) {
      PolicyCatalog.get(p); // fails with the list of known ids
    }
  }

  /** A grid in the base setting only (edf-fit, unbiased, clients that honour Retry-After). */
  public PhaseGrid(List<Double> loads, boolean untriggered, List<Trigger> triggers, List<String> policies) {
    this(loads, untriggered, triggers, policies, null);
  }

  /** A grid without the price axis (every run at the calibration's own price of a helper). */
  public PhaseGrid(List<Double> loads, boolean untriggered, List<Trigger> triggers, List<String> policies,
      List<PhaseSetting> settings) {
    this(loads, untriggered, triggers, policies, settings, List.of());
  }

  /** 9 loads × (no trigger + 10 kinds-and-sizes × 4 durations + 7 prices untriggered) × 16 policies × 6 settings. */
  public static PhaseGrid full() {
    return new PhaseGrid(LOADS, true, allTriggers(), POLICIES, SETTINGS, PRICES);
  }

  /** Every kind × size × duration, in that order. */
  public static List<Trigger> allTriggers() {
    List<Trigger> t = new ArrayList<>();
    add(t, Trigger.Kind.SPIKE, SPIKE_SIZES);
    add(t, Trigger.Kind.SLOWDOWN, SLOWDOWN_SIZES);
    add(t, Trigger.Kind.COST_JUMP, COST_JUMP_SIZES);
    return t;
  }

  private static void add(List<Trigger> to, Trigger.Kind kind, List<Double> sizes) {
    for (double size : sizes) {
      for (double d : DURATIONS_S) {
        to.add(new Trigger(kind, AT_S, d, size));
      }
    }
  }

  /** A trigger at the grid's start time written as {@code KIND:SIZE:SECONDS}, e.g. {@code spike:2:60}. */
  public static Trigger parseTrigger(String text) {
    String[] p = text.trim().split(":");
    if (p.length != 3) {
      throw new IllegalArgumentException("a phase trigger is KIND:SIZE:SECONDS (e.g. spike:2:60), got '" + text + "'");
    }
    try {
      return new Trigger(Trigger.Kind.of(p[0]), AT_S, Double.parseDouble(p[2]), Double.parseDouble(p[1]));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("a phase trigger's size and seconds must be numbers (spike:2:60), got '"
          + text + "'");
    }
  }

  /** The conditions of one (load, seed): null for no trigger, then the triggers. */
  @JsonIgnore
  public List<Trigger> conditions() {
    List<Trigger> c = new ArrayList<>();
    if (untriggered) {
      c.add(null);
    }
    c.addAll(triggers);
    return c;
  }

  /** Runs on {@code seeds} seeds: loads × settings × (conditions + prices) × policies × seeds. */
  public long runCount(int seeds) {
    return (long) loads.size() * settings.size() * (conditions().size() + prices.size()) * policies.size() * seeds;
  }
}
