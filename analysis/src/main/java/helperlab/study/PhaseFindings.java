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
 * offered load, at the calibration's own price of a helper (the price axis is {@code PriceMap}'s). Untriggered runs:
 * what they delivered (met share, late share among admitted), collapses per healthy hour (tips and never-healthy
 * starts over every healthy stretch: a renewal view) and escapes per hour down, each with its exact interval
 * ({@link EventRate}), Kaplan–Meier medians of the time to the first tip and to escape the first down spell
 * (censored at the run's end), the sustaining effect (work offered while down over what the machine could do then),
 * and each policy's {@link SafeLoad} with the shift its budget makes against the policy it budgets. Triggered runs, per trigger: how many were down before it, how many are down 30 minutes after its end,
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
  /** label -> price of a helper's start (images, rounded) -> load -> untriggered rows, the own price's included. */
  private final Map<String, TreeMap<Double, TreeMap<Double, List<RunRow>>>> priced = new LinkedHashMap<>();

  public PhaseFindings(List<RunRow> rows) {
    for (RunRow r : rows) {
      if (!Studies.PHASE.equals(r.study()) || r.offeredLoad() == null) {
        continue;
      }
      String setting = setting(r).toString();
      String label = setting.equals(PhaseSetting.BASE.toString()) ? r.policy() : r.policy() + " [" + setting + "]";
      policyAndSetting.putIfAbsent(label, new String[] {r.policy(), setting});
      if (r.trigger() == null && r.helperStartImages() != null) {
        priced.computeIfAbsent(label, k -> new TreeMap<>()).computeIfAbsent(PhaseMeasures.price(r.helperStartImages()),
            k -> new TreeMap<>()).computeIfAbsent(r.offeredLoad(), k -> new ArrayList<>()).add(r);
      }
      if (r.spawnCostS() != null) {
        continue; // a run on the price axis only: the tables below are at the calibration's own price
      }
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

  /** Each policy-and-setting's safe load at each price of a helper on the price axis (empty without one). */
  public Map<String, Map<Double, SafeLoad>> safeLoadsByPrice() {
    Map<String, Map<Double, SafeLoad>> out = new LinkedHashMap<>();
    priced.forEach((label, byPrice) -> {
      if (byPrice.size() < 2) {
        return;
      }
      Map<Double, SafeLoad> m = new TreeMap<>();
      byPrice.forEach((price, byLoad) -> {
        Map<Double, SafeLoad.Load> loads = new TreeMap<>();
        byLoad.forEach((load, rows) -> loads.put(load, PhaseMeasures.load(rows)));
        m.put(price, SafeLoad.of(loads));
      });
      out.put(label, m);
    });
    return out;
  }

  private void priceSection(StringBuilder md) {
    Map<String, Map<Double, SafeLoad>> byPrice = safeLoadsByPrice();
    if (byPrice.isEmpty()) {
      return;
    }
    java.util.TreeSet<Double> prices = new java.util.TreeSet<>();
    byPrice.values().forEach(m -> prices.addAll(m.keySet()));
    md.append("**The price of a helper.** The safe load at each price of a helper's start (its start-up and warm-up "
        + "CPU in images of the hour's mix; the runs at the calibration's own price included), and in brackets the "
        + "met share there (%). A fork costs about 0.2 images, the 12-03 host 5.2, the AMD cage 7.0, the default "
        + "basis 13.5. The map itself: price-map.png and price-map.csv.\n\n| policy |");
    prices.forEach(p -> md.append(' ').append(new java.math.BigDecimal(String.format(Locale.ROOT, "%.3g", p))
        .stripTrailingZeros().toPlainString()).append(" |"));
    md.append("\n|---|").append("---:|".repeat(prices.size())).append('\n');
    byPrice.forEach((label, m) -> {
      md.append("| ").append(label).append(" |");
      for (double p : prices) {
        SafeLoad s = m.get(p);
        if (s == null) {
          md.append(" |");
          continue;
        }
        List<RunRow> at = s.point() == null ? List.of() : priced.get(label).get(p).get(s.point());
        md.append(' ').append(loadWords(s.point()));
        if (!at.isEmpty()) {
          md.append(String.format(Locale.ROOT, " (%.0f)", 100 * PhaseMeasures.metShare(at).mean()));
        }
        md.append(" |");
      }
      md.append('\n');
    });
    md.append('\n');
  }

  /** Each policy-and-setting's safe load, in the order they came. */
  public Map<String, SafeLoad> safeLoads() {
    Map<String, SafeLoad> out = new LinkedHashMap<>();
    untriggered.forEach((label, byLoad) -> {
      Map<Double, SafeLoad.Load> loads = new TreeMap<>();
      byLoad.forEach((load, rows) -> loads.put(load, PhaseMeasures.load(rows)));
      out.put(label, SafeLoad.of(loads));
    });
    return out;
  }

  /**
   * docs/phase-study/safe-loads.csv: per policy and setting, the safe load with its interval, and at the safe load
   * the runs' mean met share and the late share among admitted tasks (empty where there is no safe load).
   */
  public String safeLoadsCsv() {
    StringBuilder c = new StringBuilder("policy,setting,safe_load,lo,hi,met_share,late_share\n");
    safeLoads().forEach((label, s) -> {
      String[] ps = policyAndSetting.get(label);
      List<RunRow> at = s.point() == null ? List.of() : untriggered.get(label).get(s.point());
      c.append(String.join(",", ps[0], ps[1], csvLoad(s.point()), csvLoad(s.lo()), csvLoad(s.hi()),
          at.isEmpty() ? "" : String.format(Locale.ROOT, "%.3f", PhaseMeasures.metShare(at).mean()),
          at.isEmpty() ? "" : num(PhaseMeasures.lateShare(at)))).append('\n');
    });
    return c.toString();
  }

  private static String csvLoad(Double l) {
    return l == null ? "" : String.format(Locale.ROOT, "%.2f", l);
  }

  public String markdown() {
    if (untriggered.isEmpty() && triggered.isEmpty()) {
      return "";
    }
    StringBuilder md = new StringBuilder("## Phase study: collapses and escapes (no trigger)\n\n");
    md.append("Per policy (and setting, if not edf-fit with clients that honour Retry-After and an unbiased forecast) "
        + "and offered load: runs; the mean met share and the late share among admitted tasks (what the service "
        + "delivered, beside every count); runs down at the end; runs never healthy (down from their first state after "
        + "the warm-up: no tip time); tips (healthy to down, every one); hours healthy (every healthy stretch, after "
        + "escapes too); collapses per healthy hour ((tips + never healthy) / healthy hours, the renewal view) with its "
        + "exact 95% interval; the Kaplan–Meier median time to the first tip from the first judged second, over the "
        + "runs ever healthy (censored at the run's end; '>' = not reached); escapes per hour down; and the work offered "
        + "while down over what the machine could do then (sustain). Down: ").append(SpontaneousTips.CRITERION)
        .append(". Definitions: docs/parameters.md, \"The phase study's measures\".\n\n");
    md.append("| policy | load | runs | met % | late % of admitted | down at end | never healthy | tips | healthy h "
        + "| collapses / healthy h (95%) | median time to first tip (95%) | escapes / h down (95%) | sustain |\n");
    md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---|---:|\n");
    untriggered.forEach((label, byLoad) -> byLoad.forEach((load, rows) -> {
      List<Observation> tips = PhaseMeasures.tipTimes(rows);
      EventRate r = PhaseMeasures.collapseRate(rows);
      double endS = tips.stream().mapToDouble(Observation::timeS).max().orElse(0);
      List<DownSpells> downs = PhaseMeasures.downs(rows);
      EventRate e = PhaseMeasures.escapeRate(downs);
      long atEnd = downs.stream().filter(DownSpells::downAtEnd).count();
      long never = rows.stream().filter(PhaseMeasures::never).count();
      int tipCount = rows.stream().mapToInt(x -> x.down() != null && x.down().tips() != null ? x.down().tips()
          : x.tippedAtS() != null ? 1 : 0).sum();
      md.append(String.format(Locale.ROOT, "| %s | %.2f | %d | %.1f | %s | %d | %d | %d | %.1f | %s | %s | %s | %s |%n",
          label, load, rows.size(), 100 * PhaseMeasures.metShare(rows).mean(), pct(PhaseMeasures.lateShare(rows)), atEnd, never, tipCount,
          r.exposureH(), rate(r), tips.isEmpty() ? "–" : median(KaplanMeier.of(tips).median(), endS), rate(e),
          num(PhaseMeasures.sustain(downs))));
    }));
    md.append("\n**Safe load** (the highest offered load at which the service does not collapse: under one collapse per "
        + "healthy hour, and never above a load where it meets under half its deadlines), with its 95% interval on the "
        + "grid, the met share and late share among admitted at it, and what a budget moves it by against the policy it "
        + "budgets (same setting); also in safe-loads.csv:\n\n"
        + "| policy | safe load | 95% interval | met % there | late % there | budget of | shift |\n"
        + "|---|---:|---|---:|---:|---|---:|\n");
    Map<String, SafeLoad> safe = safeLoads();
    safe.forEach((label, s) -> {
      String[] ps = policyAndSetting.get(label);
      String base = BUDGETS_OF.get(ps[0]);
      String baseLabel = base == null ? null
          : ps[1].equals(PhaseSetting.BASE.toString()) ? base : base + " [" + ps[1] + "]";
      SafeLoad b = baseLabel == null ? null : safe.get(baseLabel);
      List<RunRow> at = s.point() == null ? List.of() : untriggered.get(label).get(s.point());
      md.append(String.format(Locale.ROOT, "| %s | %s | %s – %s | %s | %s | %s | %s |%n", label, loadWords(s.point()),
          loadWords(s.lo()), loadWords(s.hi()), at.isEmpty() ? "–" : String.format(Locale.ROOT, "%.1f", 100 * PhaseMeasures.metShare(at).mean()),
          at.isEmpty() ? "–" : pct(PhaseMeasures.lateShare(at)), baseLabel == null ? "" : baseLabel, shift(s, b)));
    });
    md.append('\n');
    priceSection(md);
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
    StringBuilder c = new StringBuilder("policy,setting,offered_load,condition,runs,met_share,late_share,never_healthy,"
        + "down_at_end,tips,healthy_h,collapse_rate,collapse_rate_lo,collapse_rate_hi,tip_median_s,tip_median_lo_s,"
        + "tip_median_hi_s,escapes,down_h,escape_rate,escape_rate_lo,"
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
      List<Observation> tips = PhaseMeasures.tipTimes(rows);
      EventRate r = PhaseMeasures.collapseRate(rows);
      List<DownSpells> downs = PhaseMeasures.downs(rows);
      EventRate e = PhaseMeasures.escapeRate(downs);
      List<Observation> esc = PhaseMeasures.escapeTimes(rows);
      List<Observation> rec = PhaseMeasures.recoveryTimes(rows);
      long never = rows.stream().filter(PhaseMeasures::never).count();
      long atEnd = downs.stream().filter(DownSpells::downAtEnd).count();
      int tipCount = rows.stream().mapToInt(x -> x.down() != null && x.down().tips() != null ? x.down().tips()
          : x.tippedAtS() != null ? 1 : 0).sum();
      long before = rows.stream().filter(x -> x.recovery() != null && x.recovery().downBeforeTrigger()).count();
      long notBack = rows.stream().filter(x -> x.recovery() != null && x.recovery().metastable()).count();
      long judged = downs.stream().filter(d -> d.down30mAfterTrigger() != null).count();
      long later = downs.stream().filter(d -> Boolean.TRUE.equals(d.down30mAfterTrigger())).count();
      boolean trig = !cond.equals("none");
      c.append(String.join(",", ps[0], ps[1], String.format(Locale.ROOT, "%.2f", load), cond, "" + rows.size(),
          String.format(Locale.ROOT, "%.3f", PhaseMeasures.metShare(rows).mean()), num(PhaseMeasures.lateShare(rows)), "" + never, "" + atEnd,
          "" + tipCount, num(r.exposureH()), num(r.perHour()), num(r.lo()), num(r.hi()), medianCsv(tips), "" + e.events(),
          num(e.exposureH()), num(e.perHour()), num(e.lo()), num(e.hi()), medianCsv(esc), num(PhaseMeasures.sustain(downs)),
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

  private static String pct(double share) {
    return Double.isNaN(share) ? "–" : String.format(Locale.ROOT, "%.0f", 100 * share);
  }

  private static String rate(EventRate r) {
    if (r.exposureH() == 0 && r.events() > 0) {
      return "no healthy time"; // every run never healthy: collapsed before any time at risk
    }
    return Double.isNaN(r.perHour()) ? "–" : String.format(Locale.ROOT, "%.2f (%.2f–%.2f)", r.perHour(), r.lo(), r.hi());
  }

  private static String shift(SafeLoad s, SafeLoad base) {
    if (base == null) {
      return "";
    }
    if (s.point() == null || base.point() == null) {
      return s.point() == null && base.point() == null ? "0 (neither safe anywhere)"
          : s.point() == null ? "below " + loadWords(base.point()) : "from none to " + loadWords(s.point());
    }
    return String.format(Locale.ROOT, "%+.2f", s.point() - base.point());
  }

  private static String median(KaplanMeier.Median m, double endS) {
    return String.format(Locale.ROOT, "%s (%s–%s)", time(m.timeS(), endS), time(m.lo(), endS), time(m.hi(), endS));
  }

  private static String time(Double s, double endS) {
    return s == null ? String.format(Locale.ROOT, ">%.0f s", endS) : String.format(Locale.ROOT, "%.0f s", s);
  }

  private static String loadWords(Double l) {
    return l == null ? "none" : String.format(Locale.ROOT, "%.2f", l);
  }
}
