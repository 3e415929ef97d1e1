package helperlab.lab.view;

import helperlab.lab.chart.TriggerMark;
import helperlab.lab.live.LiveTrigger;
import helperlab.charts.style.TimeFormat;
import helperlab.model.RunRecord;
import helperlab.workload.Recovery;
import helperlab.workload.RunTriggers;
import helperlab.workload.Tipping;
import helperlab.workload.Trigger;
import java.util.ArrayList;
import java.util.List;

/** The bands the charts shade for a run's triggers: a live run's (with their recovery) or a record's. */
final class TriggerMarks {
  private TriggerMarks() {}

  /**
   * A live run's triggers: the window, and a marker where the run was back (or "not recovered", or "down before
   * the trigger" when it had tipped over already).
   */
  static List<TriggerMark> of(List<LiveTrigger> triggers) {
    List<TriggerMark> marks = new ArrayList<>();
    for (LiveTrigger t : triggers) {
      marks.add(mark(t.trigger(), t.recoveredAfterS(), t.notRecovered(), t.downBeforeWords()));
    }
    return marks;
  }

  /**
   * The triggers the shown records carry (each window once), with where the run was back when the
   * record has its recovery. A record whose trigger cannot be read shows no band (the record itself
   * still opens).
   */
  static List<TriggerMark> ofRecords(List<RunRecord> records) {
    List<TriggerMark> marks = new ArrayList<>();
    for (RunRecord r : records) {
      Trigger t;
      Recovery rec;
      try {
        t = RunTriggers.trigger(r);
        rec = RunTriggers.recovery(r);
      } catch (RuntimeException e) {
        continue;
      }
      if (t == null || t.isNone()) {
        continue;
      }
      TriggerMark m = rec == null ? TriggerMark.of(t)
          : mark(t, rec.recoveryS(), rec.metastable(), rec.downBeforeTrigger() ? Tipping.describe(rec) : null);
      if (!marks.contains(m)) {
        marks.add(m);
      }
    }
    return marks;
  }

  /** {@code downBefore}: the run was down before the trigger, in words ("down before the trigger (never healthy)"). */
  static TriggerMark mark(Trigger t, Double recoveredAfterS, boolean notRecovered, String downBefore) {
    if (downBefore != null) {
      return new TriggerMark(t.atS(), t.endS(), t.label() + " · " + downBefore, Double.NaN, null);
    }
    if (recoveredAfterS != null) {
      return new TriggerMark(t.atS(), t.endS(), t.label(), t.endS() + recoveredAfterS,
          "back after " + TimeFormat.elapsed(recoveredAfterS));
    }
    return new TriggerMark(t.atS(), t.endS(), notRecovered ? t.label() + " · not recovered" : t.label(), Double.NaN,
        null);
  }
}
