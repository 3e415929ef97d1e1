package helperlab.study;

import helperlab.study.phase.EventRate;
import helperlab.study.phase.KaplanMeier.Observation;
import helperlab.study.phase.SafeLoad;
import helperlab.workload.DownSpells;
import java.util.ArrayList;
import java.util.List;

/**
 * The phase study's measures over a cell's runs (docs/parameters.md, "The phase study's measures"): times to tip,
 * escape and recover for Kaplan–Meier, collapse and escape rates, the sustaining effect, what the runs delivered,
 * and what one load of the grid says to the safe load.
 */
public final class PhaseMeasures {
  private PhaseMeasures() {}

  static double endS(RunRow r) {
    return ScenarioFiles.named(r.scenario()).durationS();
  }

  /** The first second judged (rows before issue 43: 0, judged from the start). */
  private static double fromS(RunRow r) {
    return r.down() != null && r.down().judgedFromS() != null ? r.down().judgedFromS() : 0;
  }

  static boolean never(RunRow r) {
    return Boolean.TRUE.equals(r.neverHealthy());
  }

  /**
   * Times to the first tip from the first judged second, for runs that were ever healthy: the tip, or censored at
   * the run's end. A run never healthy is not at risk of tipping (it never stood) and is counted apart.
   */
  static List<Observation> tipTimes(List<RunRow> rows) {
    return rows.stream().filter(r -> !never(r)).map(r -> Observation.eventOrCensored(
        r.tippedAtS() == null ? null : r.tippedAtS() - fromS(r), endS(r) - fromS(r))).toList();
  }

  /**
   * Collapses per hour of healthy running, the renewal view: every change from healthy to down, and every start
   * that never became healthy (a collapse with no healthy time before it), over all the time spent healthy, before
   * a tip and after each escape. Rows before issue 43 count their one tip over the time to it.
   */
  public static EventRate collapseRate(List<RunRow> rows) {
    int events = 0;
    double healthyS = 0;
    for (RunRow r : rows) {
      DownSpells d = r.down();
      if (d != null && d.tips() != null) {
        events += d.tips() + (Boolean.TRUE.equals(d.neverHealthy()) ? 1 : 0);
        healthyS += d.healthyS();
      } else {
        events += r.tippedAtS() != null ? 1 : 0;
        healthyS += r.tippedAtS() != null ? r.tippedAtS() : endS(r);
      }
    }
    return EventRate.of(events, healthyS / 3600);
  }

  /** Tips over healthy hours, from first-tip observations alone (the view before issue 43, for a KM's runs). */
  public static EventRate tipRate(List<Observation> times) {
    int tips = 0;
    double healthyS = 0;
    for (Observation o : times) {
      tips += o.event() ? 1 : 0;
      healthyS += o.timeS();
    }
    return EventRate.of(tips, healthyS / 3600);
  }

  /** The rows' mean met share with its 95% interval over runs. */
  static Interval metShare(List<RunRow> rows) {
    return Interval.of(rows.stream().mapToDouble(r -> r.metrics().metShare()).toArray());
  }

  /** Late among the rows' admitted tasks, pooled (NaN: none admitted). */
  static double lateShare(List<RunRow> rows) {
    long late = 0;
    long settled = 0;
    for (RunRow r : rows) {
      late += r.metrics().late();
      settled += r.metrics().met() + r.metrics().late();
    }
    return settled == 0 ? Double.NaN : (double) late / settled;
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

  /** Times to escape the first spell down, for the runs that had one: escaped, or censored at the run's end. */
  static List<Observation> escapeTimes(List<RunRow> rows) {
    List<Observation> out = new ArrayList<>();
    for (RunRow r : rows) {
      if (r.down() != null && r.down().spells() != null && !r.down().spells().isEmpty()) {
        double from = r.down().spells().get(0).get(0);
        Double esc = r.down().escapedAtS();
        out.add(Observation.eventOrCensored(esc == null ? null : esc - from, endS(r) - from));
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

  static List<DownSpells> downs(List<RunRow> rows) {
    return rows.stream().map(RunRow::down).filter(d -> d != null).toList();
  }

  /** A price of a helper's start rounded to three figures, so one price's runs group together. */
  public static double price(double images) {
    double scale = Math.pow(10, 2 - Math.floor(Math.log10(Math.abs(images))));
    return Math.round(images * scale) / scale;
  }

  /** One load of the grid as the safe load reads it: collapses per healthy hour and the met share. */
  public static SafeLoad.Load load(List<RunRow> rows) {
    Interval met = metShare(rows);
    return new SafeLoad.Load(collapseRate(rows), met.mean(), met.lo(), met.hi());
  }

}
