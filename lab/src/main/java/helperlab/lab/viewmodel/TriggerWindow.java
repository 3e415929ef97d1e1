package helperlab.lab.viewmodel;

import helperlab.charts.style.TimeFormat;
import helperlab.lab.live.LiveTrigger;
import helperlab.model.RunRecord;
import helperlab.workload.Recovery;
import helperlab.workload.RunTriggers;
import helperlab.workload.Tipping;
import helperlab.workload.Trigger;
import java.util.ArrayList;
import java.util.List;

/**
 * A trigger's window as the charts shade it ({@code fromS} to {@code toS}, labelled), and where the run was back after
 * it ({@code backAtS}, NaN while not known or never, with its label): what the views hand the charts' trigger bands.
 */
public record TriggerWindow(double fromS, double toS, String label, double backAtS, String backLabel) {

  /**
   * A live run's triggers: the window, and a marker where the run was back (or "not recovered", or "down before
   * the trigger" when it had tipped over already).
   */
  public static List<TriggerWindow> ofLive(List<LiveTrigger> triggers) {
    List<TriggerWindow> windows = new ArrayList<>();
    for (LiveTrigger t : triggers) {
      windows.add(of(t.trigger(), t.recoveredAfterS(), t.notRecovered(), t.downBeforeWords()));
    }
    return windows;
  }

  /**
   * The triggers the shown records carry (each window once), with where the run was back when the
   * record has its recovery. A record whose trigger cannot be read shows no band (the record itself
   * still opens).
   */
  public static List<TriggerWindow> ofRecords(List<RunRecord> records) {
    List<TriggerWindow> windows = new ArrayList<>();
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
      TriggerWindow w = rec == null ? of(t, null, false, null)
          : of(t, rec.recoveryS(), rec.metastable(), rec.downBeforeTrigger() ? Tipping.describe(rec) : null);
      if (!windows.contains(w)) {
        windows.add(w);
      }
    }
    return windows;
  }

  /** {@code downBefore}: the run was down before the trigger, in words ("down before the trigger (never healthy)"). */
  static TriggerWindow of(Trigger t, Double recoveredAfterS, boolean notRecovered, String downBefore) {
    if (downBefore != null) {
      return new TriggerWindow(t.atS(), t.endS(), t.label() + " · " + downBefore, Double.NaN, null);
    }
    if (recoveredAfterS != null) {
      return new TriggerWindow(t.atS(), t.endS(), t.label(), t.endS() + recoveredAfterS,
          "back after " + TimeFormat.elapsed(recoveredAfterS));
    }
    return new TriggerWindow(t.atS(), t.endS(), notRecovered ? t.label() + " · not recovered" : t.label(), Double.NaN,
        null);
  }
}
