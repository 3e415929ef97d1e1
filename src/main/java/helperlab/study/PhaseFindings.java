package helperlab.study;

import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicySpec.RetryAfter;
import helperlab.study.phase.EventRate;
import helperlab.study.phase.KaplanMeier;
import helperlab.study.phase.KaplanMeier.Observation;
import helperlab.study.phase.PhaseSetting;
import helperlab.study.phase.SafeLoad;
import helperlab.workload.DownSpells;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The phase study's measures, per policy and setting ({@link PhaseSetting}; the base setting is left unnamed) and
 * offered load. Untriggered runs: the spontaneous tip rate per healthy hour and the escape rate per hour down, each
 * with its exact interval ({@link EventRate}), Kaplan–Meier medians of the time to tip and the time to escape the
 * first down spell (censored at the run's end), the sustaining effect (work offered while down over what the
 * machine could do then), and each policy's {@link SafeLoad} with the shift its budget makes against the policy it
 * budgets. Triggered runs, per trigger: how many were down before it, how many are down 30 minutes after its end,
 * and the Kaplan–Meier median time to recover (censored at the run's end), in {@link #csv()}. Empty when the sweep
 * ran no phase study, so other sweeps' findings read as before.
 */
public final class PhaseFindings {
  /** A budgeted policy and the policy it budgets, for the shift of the safe load. */
  static final Map<String, String> BUDGETS_OF = budgets();

  /** label -> load -> untriggered rows; label -> load -> condition -> triggered rows. */
  private final Map<String, TreeMap<Double, List<RunRow>>> untriggered = new LinkedHashMap<>();
  private final Map<String, TreeMap<Double, Map<String, List<RunRow>>>> triggered = new LinkedHashMap<>();
  private final Map<String, String[]> policyAndSetting = new LinkedHashMap<>();

  public PhaseFindings(List<RunRow> rows) {
    for (RunRow r : rows) {
      if (!Studies.PHASE.equals(r.study()) || r.offeredLoad() == null) {
        continue;
      }
      String setting = setting(r).toString();
      String label = setting.equals(PhaseSetting.BASE.toString()) ? r.policy() : r.policy() + " [" + setting + "]";
      policyAndSetting.putIfAbsent(label, new String[] {r.policy(), setting});
      if (r.trigger() == null) {
        untriggered.computeIfAbsent(label, p -> new TreeMap<>()).computeIfAbsent(r.offeredLoad(), l -> new ArrayList<>())
            .add(r);
      } else {
        String c = r.trigger().label() + String.format(Locale.ROOT, " %.0f s", r.trigger().durationS());
        triggered.computeIfAbsent(label, p -> new TreeMap<>()).computeIfAbsent(r.offeredLoad(), l -> new LinkedHashMap<>())
            .computeIfAbsent(c, k -> new ArrayList<>()).add(r);
      }
    }
  }

  private static Map<String, String> budgets() {
    Map<String, String> m = new LinkedHashMap<>();
    for (String b : List.of("box-help-10", "box-help-20", "box-help-50", "box-help-10-min1", "box-help-20-min1",
        "box-help-50-min1", "box-help-20-min0")) {
      m.put(b, "box");
    }
    m.put("split-forecast-budget", "split-forecast");
    m.put("split-forecast-help-20", "split-forecast");
    m.put("retry-client-budget", "retry-client");
    m.put("autoscale-lag-capped", "autoscale-lag");
    return m;
  }

  static PhaseSetting setting(RunRow r) {
    return new PhaseSetting(AdmissionMode.of(r.admission()), r.forecastBias() == null ? 1 : r.forecastBias(),
        r.client() == null ? RetryAfter.HONOUR : RetryAfter.of(r.client()));
  }

  private static double endS(RunRow r) {
    return ScenarioFiles.named(r.scenario()).durationS();
  }

  /** Times to tip: each run's tip, or censored at its end. */
  static List<Observation> tipTimes(List<RunRow> rows) {
    return rows.stream().map(r -> Observation.eventOrCensored(r.tippedAtS(), endS(r))).toList();
  }

  /** Tips over healthy hours: each run's time to tip, or its whole length if it never tipped. */
  public static EventRate tipRate(List<Observation> times) {
    int tips = 0;
    double healthyS = 0;
    for (Observation o : times) {
      tips += o.event() ? 1 : 0;
      healthyS += o.timeS();
    }
    return EventRate.of(tips, healthyS / 3600);
  }

  /** Escapes over hours down: every spell that ended before the run did, over every spell's length. */
  public static EventRate escapeRate(List<DownSpells> downs) {
    int escapes = 0;
    double downS = 0;
    for (DownSpells d : downs) {
      escapes += d.escapes();
      downS += d.downS();
    }
    return EventRate.of(escapes, downS / 3600);
  }

  /** Times to escape the first spell, for the runs that tipped: escaped, or censored at the run's end. */
  static List<Observation> escapeTimes(List<RunRow> rows) {
    List<Observation> out = new ArrayList<>();
    for (RunRow r : rows) {
      if (r.tippedAtS() != null && r.down() != null) {
        Double esc = r.down().escapedAtS();
        out.add(Observation.eventOrCensored(esc == null ? null : esc - r.tippedAtS(), endS(r) - r.tippedAtS()));
      }
    }
    return out;
  }

  /** Work offered while down over what the machine could do then, over all the rows' down spells (NaN: none). */
  public static double sustain(List<DownSpells> downs) {
    double work = 0;
    double cap = 0;
    for (DownSpells d : downs) {
      work += d.offeredCpuS();
      cap += d.capacityCpuS();
    }
    return cap > 0 ? work / cap : Double.NaN;
  }

  /** Times to recover after the trigger, for runs healthy at it: recovered, or censored at the run's end. */
  static List<Observation> recoveryTimes(List<RunRow> rows) {
    List<Observation> out = new ArrayList<>();
    for (RunRow r : rows) {
      if (r.recovery() != null && !r.recovery().downBeforeTrigger()) {
        out.add(Observation.eventOrCensored(r.recovery().recoveryS(), Math.max(0, endS(r) - r.trigger().endS())));
      }
    }
    return out;
  }

  private static List<DownSpells> downs(List<RunRow> rows) {
    return rows.stream().map(RunRow::down).filter(d -> d != null).toList();
  }

  /** Each policy-and-setting's safe load, in the order they came. */
  public Map<String, SafeLoad> safeLoads() {
    Map<String, SafeLoad> out = new LinkedHashMap<>();
    untriggered.forEach((label, byLoad) -> {
      Map<Double, EventRate> rates = new TreeMap<>();
      byLoad.forEach((load, rows) -> rates.put(load, tipRate(tipTimes(rows))));
      out.put(label, SafeLoad.of(rates));
    });
    return out;
  }

  public String markdown() {
    if (untriggered.isEmpty() && triggered.isEmpty()) {
      return "";
    }
    StringBuilder md = new StringBuilder("## Phase study: spontaneous tips and escapes (no trigger)\n\n");
    md.append("Per policy (and setting, if not edf-fit with clients that honour Retry-After and an unbiased forecast) "
        + "and offered load: runs, runs that tipped, healthy hours (each run up to its tip, or its length), the tip rate "
        + "per healthy hour and the escape rate per hour down, each with its exact 95% interval, the Kaplan–Meier medians "
        + "of the time to tip and of the time to escape the first down spell (censored at the run's end; '>' = not "
        + "reached) with their 95% intervals, and the work offered while down over what the machine could do then "
        + "(sustain). Definitions: docs/parameters.md, \"The phase study's measures\".\n\n");
    md.append("| policy | load | runs | tipped | healthy h | tips / h (95%) | median time to tip (95%) | escapes | down h "
        + "| escapes / h down (95%) | median time to escape (95%) | sustain |\n");
    md.append("|---|---:|---:|---:|---:|---|---|---:|---:|---|---|---:|\n");
    untriggered.forEach((label, byLoad) -> byLoad.forEach((load, rows) -> {
      List<Observation> tips = tipTimes(rows);
      EventRate r = tipRate(tips);
      double endS = tips.stream().mapToDouble(Observation::timeS).max().orElse(0);
      List<DownSpells> downs = downs(rows);
      EventRate e = escapeRate(downs);
      List<Observation> esc = escapeTimes(rows);
      md.append(String.format(Locale.ROOT, "| %s | %.2f | %d | %d | %.1f | %s | %s | %d | %.1f | %s | %s | %s |%n", label,
          load, rows.size(), r.events(), r.exposureH(), rate(r), median(KaplanMeier.of(tips).median(), endS), e.events(),
          e.exposureH(), rate(e), esc.isEmpty() ? "–" : median(KaplanMeier.of(esc).median(), endS),
          num(sustain(downs))));
    }));
    md.append("\n**Safe load** (the highest offered load up to which the mean time to tip exceeds an hour), with its "
        + "95% interval on the grid, and what a budget moves it by against the policy it budgets (same setting):\n\n"
        + "| policy | safe load | 95% interval | budget of | shift |\n|---|---:|---|---|---:|\n");
    Map<String, SafeLoad> safe = safeLoads();
    safe.forEach((label, s) -> {
      String[] ps = policyAndSetting.get(label);
      String base = BUDGETS_OF.get(ps[0]);
      String baseLabel = base == null ? null
          : ps[1].equals(PhaseSetting.BASE.toString()) ? base : base + " [" + ps[1] + "]";
      SafeLoad b = baseLabel == null ? null : safe.get(baseLabel);
      md.append(String.format(Locale.ROOT, "| %s | %s | %s – %s | %s | %s |%n", label, load(s.point()), load(s.lo()),
          load(s.hi()), baseLabel == null ? "" : baseLabel, shift(s, b)));
    });
    md.append('\n');
    if (!triggered.isEmpty()) {
      md.append(String.format(Locale.ROOT, "Triggered runs: %d cells (policy × setting × load × trigger); per cell the "
          + "runs down before the trigger, those down 30 minutes after its end, and the Kaplan–Meier median time to "
          + "recover are in phase-cells.csv.%n%n", triggered.values().stream().mapToInt(m -> m.values().stream()
              .mapToInt(Map::size).sum()).sum()));
    }
    return md.toString();
  }

  /** One line per policy × setting × load × condition ("none" for no trigger): every measure above. */
  public String csv() {
    StringBuilder c = new StringBuilder("policy,setting,offered_load,condition,runs,tipped,healthy_h,tip_rate,tip_rate_lo,"
        + "tip_rate_hi,tip_median_s,tip_median_lo_s,tip_median_hi_s,escapes,down_h,escape_rate,escape_rate_lo,"
        + "escape_rate_hi,escape_median_s,escape_median_lo_s,escape_median_hi_s,sustain,down_before_trigger,"
        + "healthy_at_trigger,not_recovered,down_30m_after,down_30m_judged,recover_median_s,recover_median_lo_s,"
        + "recover_median_hi_s\n");
    Map<String, TreeMap<Double, Map<String, List<RunRow>>>> all = new LinkedHashMap<>();
    untriggered.forEach((label, byLoad) -> byLoad.forEach((load, rows) -> all.computeIfAbsent(label, k -> new TreeMap<>())
        .computeIfAbsent(load, k -> new LinkedHashMap<>()).put("none", rows)));
    triggered.forEach((label, byLoad) -> byLoad.forEach((load, byC) -> all.computeIfAbsent(label, k -> new TreeMap<>())
        .computeIfAbsent(load, k -> new LinkedHashMap<>()).putAll(byC)));
    all.forEach((label, byLoad) -> byLoad.forEach((load, byC) -> byC.forEach((cond, rows) -> {
      String[] ps = policyAndSetting.get(label);
      List<Observation> tips = tipTimes(rows);
      EventRate r = tipRate(tips);
      List<DownSpells> downs = downs(rows);
      EventRate e = escapeRate(downs);
      List<Observation> esc = escapeTimes(rows);
      List<Observation> rec = recoveryTimes(rows);
      long before = rows.stream().filter(x -> x.recovery() != null && x.recovery().downBeforeTrigger()).count();
      long notBack = rows.stream().filter(x -> x.recovery() != null && x.recovery().metastable()).count();
      long judged = downs.stream().filter(d -> d.down30mAfterTrigger() != null).count();
      long later = downs.stream().filter(d -> Boolean.TRUE.equals(d.down30mAfterTrigger())).count();
      boolean trig = !cond.equals("none");
      c.append(String.join(",", ps[0], ps[1], String.format(Locale.ROOT, "%.2f", load), cond, "" + rows.size(),
          "" + r.events(), num(r.exposureH()), num(r.perHour()), num(r.lo()), num(r.hi()), medianCsv(tips), "" + e.events(),
          num(e.exposureH()), num(e.perHour()), num(e.lo()), num(e.hi()), medianCsv(esc), num(sustain(downs)),
          trig ? "" + before : "", trig ? "" + rec.size() : "", trig ? "" + notBack : "", trig ? "" + later : "",
          trig ? "" + judged : "", trig ? medianCsv(rec) : ",,")).append('\n');
    })));
    return c.toString();
  }

  private static String medianCsv(List<Observation> times) {
    if (times.isEmpty()) {
      return ",,";
    }
    KaplanMeier.Median m = KaplanMeier.of(times).median();
    return opt(m.timeS()) + "," + opt(m.lo()) + "," + opt(m.hi());
  }

  private static String opt(Double v) {
    return v == null ? "" : String.format(Locale.ROOT, "%.0f", v);
  }

  private static String num(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.3g", v);
  }

  private static String rate(EventRate r) {
    return Double.isNaN(r.perHour()) ? "–" : String.format(Locale.ROOT, "%.2f (%.2f–%.2f)", r.perHour(), r.lo(), r.hi());
  }

  private static String shift(SafeLoad s, SafeLoad base) {
    if (base == null) {
      return "";
    }
    if (s.point() == null || base.point() == null) {
      return s.point() == null && base.point() == null ? "0 (neither safe anywhere)"
          : s.point() == null ? "below " + load(base.point()) : "from none to " + load(s.point());
    }
    return String.format(Locale.ROOT, "%+.2f", s.point() - base.point());
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
