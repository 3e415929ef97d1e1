package helperlab.study.phase.diagram;

import helperlab.study.phase.KaplanMeier;
import helperlab.study.RunRow;
import helperlab.study.ScenarioFiles;
import helperlab.study.Studies;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The phase study's survival curves per policy and offered load, for pictures: the time to the first tip of the
 * runs without a trigger that were ever healthy (from the first judged second, the warm-up's end; censored at the
 * run's end; a run never healthy is not at risk: it never stood), and the time to recover of the triggered
 * runs the trigger knocked out (from the trigger's end; censored at the end of the scenario's arrivals, where
 * recovery stops being measured). A run the trigger did not knock out ({@code recovery_s} 0) or that was down
 * before its trigger (nothing to come back to) is not in the recovery curve: the curve answers "once knocked
 * out, how long until back". A recovery after the twin (the same seed without the trigger) tipped by itself is
 * no recovery ({@link DownLater#backAtS}): such a run is censored when its twin tipped, the last second "back"
 * could still be told from "as down as the twin".
 */
public final class SurvivalCurves {
  /** Which time a curve is of. */
  public enum Measure {
    TIME_TO_TIP("time to tip, no trigger (runs ever healthy)", "time from the first judged second (s)"),
    TIME_TO_RECOVER("time to recover, knocked out by a trigger", "time from the trigger's end (s)");

    private final String title;
    private final String axis;

    Measure(String title, String axis) {
      this.title = title;
      this.axis = axis;
    }

    public String title() {
      return title;
    }

    public String axis() {
      return axis;
    }
  }

  /** One curve: a policy at an offered load, its Kaplan–Meier estimate and the longest observation time. */
  public record Curve(String policy, double load, KaplanMeier km, List<KaplanMeier.Observation> observations,
      double horizonS) {
    public Curve {
      observations = List.copyOf(observations);
    }
  }

  private final Map<Measure, Map<String, TreeMap<Double, List<KaplanMeier.Observation>>>> times = new LinkedHashMap<>();

  public SurvivalCurves(List<RunRow> rows) {
    for (Measure m : Measure.values()) {
      times.put(m, new LinkedHashMap<>());
    }
    record TwinKey(String policy, String scenario, String machine, String admission, double load, long seed) {
      static TwinKey of(RunRow r) {
        return new TwinKey(r.policy(), r.scenario(), r.machine(), r.admission(), r.offeredLoad(), r.seed());
      }
    }
    Map<TwinKey, RunRow> twins = new java.util.HashMap<>();
    for (RunRow r : rows) {
      if (Studies.PHASE.equals(r.study()) && r.offeredLoad() != null && r.trigger() == null && r.spawnCostS() == null) {
        twins.put(TwinKey.of(r), r);
      }
    }
    for (RunRow r : rows) {
      if (!Studies.PHASE.equals(r.study()) || r.offeredLoad() == null || r.spawnCostS() != null) {
        continue;
      }
      double endS = ScenarioFiles.named(r.scenario()).durationS();
      if (r.trigger() == null) {
        if (!Boolean.TRUE.equals(r.neverHealthy())) {
          double from = r.down() != null && r.down().judgedFromS() != null ? r.down().judgedFromS() : 0;
          add(Measure.TIME_TO_TIP, r, KaplanMeier.Observation.eventOrCensored(
              r.tippedAtS() == null ? null : r.tippedAtS() - from, endS - from));
        }
      } else if (r.recovery() != null && !r.recovery().downBeforeTrigger()
          && (r.recovery().recoveryS() == null || r.recovery().recoveryS() > 0)) {
        RunRow twin = twins.get(TwinKey.of(r));
        double back = DownLater.backAtS(r, twin);
        double censorAt = endS;
        if (Double.isInfinite(back) && r.recovery().recoveryS() != null && twin != null
            && DownLater.downFromS(twin) != null) {
          censorAt = DownLater.downFromS(twin); // "back" only as far as the twin fell: known not up till it went down
        }
        double from = r.trigger().endS();
        add(Measure.TIME_TO_RECOVER, r, Double.isFinite(back) ? new KaplanMeier.Observation(back - from, true)
            : new KaplanMeier.Observation(Math.max(0, Math.min(censorAt, endS) - from), false));
      }
    }
  }

  private void add(Measure m, RunRow r, KaplanMeier.Observation o) {
    times.get(m).computeIfAbsent(r.policy(), p -> new TreeMap<>())
        .computeIfAbsent(r.offeredLoad(), l -> new ArrayList<>()).add(o);
  }

  public boolean isEmpty() {
    return times.values().stream().allMatch(Map::isEmpty);
  }

  /** The policies with curves of any measure, in the order their rows came. */
  public List<String> policies() {
    List<String> out = new ArrayList<>();
    times.values().forEach(byPolicy -> byPolicy.keySet().forEach(p -> {
      if (!out.contains(p)) {
        out.add(p);
      }
    }));
    return out;
  }

  /** The loads of any curve, ascending. */
  public List<Double> loads() {
    java.util.TreeSet<Double> out = new java.util.TreeSet<>();
    times.values().forEach(byPolicy -> byPolicy.values().forEach(byLoad -> out.addAll(byLoad.keySet())));
    return new ArrayList<>(out);
  }

  /** One policy's curves of a measure, by load ascending (empty when it has none). */
  public List<Curve> curves(Measure m, String policy) {
    List<Curve> out = new ArrayList<>();
    times.get(m).getOrDefault(policy, new TreeMap<>()).forEach((load, obs) -> out.add(new Curve(policy, load,
        KaplanMeier.of(obs), obs, obs.stream().mapToDouble(KaplanMeier.Observation::timeS).max().orElse(0))));
    return out;
  }

  /** The longest observation time of a measure over all policies: the picture's time axis. */
  public double horizonS(Measure m) {
    double h = 0;
    for (Map<Double, List<KaplanMeier.Observation>> byLoad : times.get(m).values()) {
      for (List<KaplanMeier.Observation> obs : byLoad.values()) {
        for (KaplanMeier.Observation o : obs) {
          h = Math.max(h, o.timeS());
        }
      }
    }
    return h;
  }
}
