package helperlab.lab.view;

import helperlab.lab.chart.TriggerMark;
import helperlab.lab.live.LiveTrigger;
import helperlab.lab.viewmodel.TriggerWindow;
import java.util.List;

/** The bands the charts shade for a run's triggers: a live run's (with their recovery) or the view model's windows. */
final class TriggerMarks {
  private TriggerMarks() {}

  /** A live run's triggers ({@link TriggerWindow#ofLive}). */
  static List<TriggerMark> of(List<LiveTrigger> triggers) {
    return marks(TriggerWindow.ofLive(triggers));
  }

  /** The windows as the charts' marks. */
  static List<TriggerMark> marks(List<TriggerWindow> windows) {
    return windows.stream().map(w -> new TriggerMark(w.fromS(), w.toS(), w.label(), w.backAtS(), w.backLabel()))
        .toList();
  }
}
