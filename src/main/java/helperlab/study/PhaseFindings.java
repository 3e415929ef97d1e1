package helperlab.study;

import helperlab.study.phase.EventRate;
import helperlab.study.phase.KaplanMeier;
import helperlab.study.phase.SafeLoad;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The phase study's measures over its untriggered runs, per policy and offered load: the spontaneous tip rate
 * per healthy hour with its exact interval ({@link EventRate}), the Kaplan–Meier median time to tip (censored at
 * the run's end) with its interval, and each policy's {@link SafeLoad}. Empty when the sweep ran no phase study,
 * so other sweeps' findings read as before. The triggered runs' measures (time to recover, the boundary by
 * trigger size) are not here yet.
 */
public final class PhaseFindings {
  /** policy -> load -> times to tip (censored at the run's end). */
  private final Map<String, TreeMap<Double, List<KaplanMeier.Observation>>> untriggered = new LinkedHashMap<>();

  public PhaseFindings(List<RunRow> rows) {
    for (RunRow r : rows) {
      if (Studies.PHASE.equals(r.study()) && r.trigger() == null && r.offeredLoad() != null) {
        double endS = ScenarioFiles.named(r.scenario()).durationS();
        untriggered.computeIfAbsent(r.policy(), p -> new TreeMap<>())
            .computeIfAbsent(r.offeredLoad(), l -> new ArrayList<>())
            .add(KaplanMeier.Observation.eventOrCensored(r.tippedAtS(), endS));
      }
    }
  }

  /** Tips over healthy hours: each run's time to tip, or its whole length if it never tipped. */
  public static EventRate tipRate(List<KaplanMeier.Observation> times) {
    int tips = 0;
    double healthyS = 0;
    for (KaplanMeier.Observation o : times) {
      tips += o.event() ? 1 : 0;
      healthyS += o.timeS();
    }
    return EventRate.of(tips, healthyS / 3600);
  }

  /** Each policy's safe load, in the order the policies came. */
  public Map<String, SafeLoad> safeLoads() {
    Map<String, SafeLoad> out = new LinkedHashMap<>();
    untriggered.forEach((policy, byLoad) -> {
      Map<Double, EventRate> rates = new TreeMap<>();
      byLoad.forEach((load, times) -> rates.put(load, tipRate(times)));
      out.put(policy, SafeLoad.of(rates));
    });
    return out;
  }

  public String markdown() {
    if (untriggered.isEmpty()) {
      return "";
    }
    StringBuilder md = new StringBuilder("## Phase study: spontaneous tips (no trigger)\n\n");
    md.append("Per policy and offered load: runs, runs that tipped, healthy hours (each run up to its tip, or its "
        + "length), the tip rate per healthy hour with its exact 95% interval, and the Kaplan–Meier median time to "
        + "tip (censored at the run's end; '>' = not reached) with its 95% interval. Definitions: docs/parameters.md, "
        + "\"The phase study's measures\".\n\n");
    md.append("| policy | load | runs | tipped | healthy h | tips / h (95%) | median time to tip (95%) |\n");
    md.append("|---|---:|---:|---:|---:|---|---|\n");
    untriggered.forEach((policy, byLoad) -> byLoad.forEach((load, times) -> {
      EventRate r = tipRate(times);
      KaplanMeier km = KaplanMeier.of(times);
      double endS = times.stream().mapToDouble(KaplanMeier.Observation::timeS).max().orElse(0);
      md.append(String.format(Locale.ROOT, "| %s | %.2f | %d | %d | %.1f | %.2f (%.2f–%.2f) | %s |%n", policy, load,
          times.size(), r.events(), r.exposureH(), r.perHour(), r.lo(), r.hi(), median(km.median(), endS)));
    }));
    md.append("\n**Safe load** (the highest offered load up to which the mean time to tip exceeds an hour), with its "
        + "95% interval on the grid:\n\n| policy | safe load | 95% interval |\n|---|---:|---|\n");
    safeLoads().forEach((policy, s) -> md.append(String.format(Locale.ROOT, "| %s | %s | %s – %s |%n", policy,
        load(s.point()), load(s.lo()), load(s.hi()))));
    md.append('\n');
    return md.toString();
  }

  private static String median(KaplanMeier.Median m, double endS) {
    return String.format(Locale.ROOT, "%s (%s–%s)", time(m.timeS(), endS), time(m.lo(), endS), time(m.hi(), endS));
  }

  private static String time(Double s, double endS) {
    return s == null ? String.format(Locale.ROOT, ">%.0f s", endS) : String.format(Locale.ROOT, "%.0f s", s);
  }

  private static String load(Double l) {
    return l == null ? "none" : String.format(Locale.ROOT, "%.2f", l);
  }
}
