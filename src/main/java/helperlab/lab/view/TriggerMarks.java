package helperlab.lab.view;

import helperlab.lab.chart.TriggerMark;
import helperlab.lab.live.LiveTrigger;
import helperlab.lab.viewmodel.Clock;
import helperlab.model.RunRecord;
import helperlab.model.RunTrigger;
import java.util.ArrayList;
import java.util.List;

/** The bands the charts shade for a run's triggers: a live run's (with their recovery) or a record's. */
final class TriggerMarks {
  private TriggerMarks() {}

  /** A live run's triggers: the window, and a marker where the run was back (or "not recovered"). */
  static List<TriggerMark> of(List<LiveTrigger> triggers) {
    List<TriggerMark> marks = new ArrayList<>();
    for (LiveTrigger t : triggers) {
      RunTrigger rt = t.trigger();
      String label = TriggerMark.label(rt);
      if (t.recoveredAfterS() != null) {
        marks.add(new TriggerMark(rt.atS(), rt.endS(), label, rt.endS() + t.recoveredAfterS(),
            "back after " + Clock.format(t.recoveredAfterS())));
      } else {
        marks.add(new TriggerMark(rt.atS(), rt.endS(), t.notRecovered() ? label + " · not recovered" : label,
            Double.NaN, null));
      }
    }
    return marks;
  }

  /** The triggers the shown records carry (each window once). */
  static List<TriggerMark> ofRecords(List<RunRecord> records) {
    List<TriggerMark> marks = new ArrayList<>();
    for (RunRecord r : records) {
      for (RunTrigger t : r.triggerList()) {
        TriggerMark m = TriggerMark.of(t);
        if (!marks.contains(m)) {
          marks.add(m);
        }
      }
    }
    return marks;
  }
}
