package helperlab.lab.viewmodel;

import helperlab.charts.style.TimeFormat;
import helperlab.lab.live.LiveRun;
import helperlab.lab.live.LiveTrigger;
import helperlab.workload.Trigger;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The Live view's triggers: what the Trigger button starts, whether one is going on (the button waits
 * for it to end), every trigger of the run so far with what came of it (for the charts' bands), and
 * the last one in words for the status strip. {@link LiveViewModel} feeds it the run's status.
 */
public final class LiveTriggers {
  private final ObjectProperty<TriggerChoice> choice = new SimpleObjectProperty<>(TriggerChoice.SPIKE_2);
  private final ObjectProperty<List<LiveTrigger>> all = new SimpleObjectProperty<>(List.of());
  private final BooleanProperty running = new SimpleBooleanProperty();
  private final StringProperty text = new SimpleStringProperty("");

  /** What the Trigger button starts now: the choice, or null with none chosen or one still going (one at a time). */
  TriggerChoice toFire() {
    TriggerChoice c = choice.get();
    return c == null || running.get() ? null : c;
  }

  /**
   * Starts {@code c} in the run now, for a minute; the button then waits until the run reports it over. False when
   * the run cannot take a trigger.
   */
  boolean send(LiveRun r, TriggerChoice c) {
    if (!r.canTrigger()) {
      return false;
    }
    r.trigger(c.kind(), c.size(), TriggerChoice.DURATION_S);
    running.set(true);
    return true;
  }

  /** The run's status: its last trigger (null: none reported yet) at virtual time {@code now}. */
  void update(LiveTrigger last, double now, boolean active) {
    if (last == null) {
      return; // a trigger sent but not handled yet keeps the button waiting
    }
    List<LiveTrigger> list = all.get();
    LiveTrigger before = list.isEmpty() ? null : list.get(list.size() - 1);
    if (before == null || !before.trigger().equals(last.trigger())) {
      List<LiveTrigger> next = new ArrayList<>(list);
      next.add(last);
      all.set(List.copyOf(next));
    } else if (!before.equals(last)) {
      List<LiveTrigger> next = new ArrayList<>(list);
      next.set(next.size() - 1, last);
      all.set(List.copyOf(next));
    }
    running.set(active && now < last.trigger().endS());
    text.set(describe(last, now));
  }

  /** The run ended: nothing can be going on. */
  void ended() {
    running.set(false);
  }

  void clear() {
    all.set(List.of());
    running.set(false);
    text.set("");
  }

  /**
   * "spike x2 at 1:00 · until 2:00", then "· recovering…", "· recovered in 1:23 after the trigger", "· not
   * recovered" or, for a run that had tipped over already, "· down before the trigger (tipped at 4:22)" (or "(never
   * healthy)" for one down from the start).
   */
  static String describe(LiveTrigger t, double now) {
    Trigger rt = t.trigger();
    String what = rt.label() + " at " + TimeFormat.elapsed(rt.atS());
    if (t.downBeforeWords() != null) {
      return what + " · " + t.downBeforeWords();
    }
    if (t.recoveredAfterS() != null) {
      return what + " · recovered in " + TimeFormat.elapsed(t.recoveredAfterS()) + " after the trigger";
    }
    if (t.notRecovered()) {
      return what + " · not recovered";
    }
    return what + (now < rt.endS() ? " · until " + TimeFormat.elapsed(rt.endS()) : " · recovering…");
  }

  /** What the Trigger button starts. */
  public ObjectProperty<TriggerChoice> choiceProperty() {
    return choice;
  }

  /** Every trigger of the run so far, in time order, with what came of each. */
  public ReadOnlyObjectProperty<List<LiveTrigger>> allProperty() {
    return all;
  }

  /** A trigger is going on now. */
  public ReadOnlyBooleanProperty runningProperty() {
    return running;
  }

  /** The last trigger and its recovery in words ("" before a trigger). */
  public ReadOnlyStringProperty textProperty() {
    return text;
  }
}
