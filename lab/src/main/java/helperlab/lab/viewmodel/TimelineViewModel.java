package helperlab.lab.viewmodel;

import helperlab.charts.style.TimeFormat;
import helperlab.charts.PlottedRun;
import helperlab.model.RunEvent;
import helperlab.model.RunRecord;
import helperlab.model.Samples;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Scrubbing a recorded run: a time cursor that the charts and the event list follow, play / pause at
 * a speed, step by seconds or to the next or previous event (of the chosen kinds), and the state of
 * the system at the cursor.
 */
public final class TimelineViewModel {
  private static final double EPS = 1e-9;

  private final ObjectProperty<RunRecord> record = new SimpleObjectProperty<>();
  private final ObjectProperty<PlottedRun> plotted = new SimpleObjectProperty<>();
  private final DoubleProperty cursor = new SimpleDoubleProperty();
  private final DoubleProperty end = new SimpleDoubleProperty();
  private final BooleanProperty playing = new SimpleBooleanProperty();
  private final ObjectProperty<PlaybackSpeed> speed = new SimpleObjectProperty<>(PlaybackSpeed.X10);
  private final ObjectProperty<EventFilter> filter = new SimpleObjectProperty<>(EventFilter.ALL);
  /** The listed events (of the chosen kinds), all of them. */
  private List<RunEvent> events = List.of();
  private double[] eventTimes = new double[0];
  private final IntegerProperty cursorEvent = new SimpleIntegerProperty(-1);
  /** The events around the cursor that the table shows (a run can have 10^5 and more). */
  private final ObservableList<EventRow> window = FXCollections.observableArrayList();
  private final IntegerProperty windowStart = new SimpleIntegerProperty();
  private final IntegerProperty cursorRow = new SimpleIntegerProperty(-1);
  private final StringProperty cursorText = new SimpleStringProperty("–");
  private final StringProperty stateText = new SimpleStringProperty("");
  private final StringProperty title = new SimpleStringProperty("No run open");

  /** Events in the table's window; it moves when the cursor gets near its edge. */
  static final int WINDOW = 600;
  private static final int MARGIN = 100;

  public TimelineViewModel() {
    cursor.addListener((o, a, b) -> followCursor());
    filter.addListener((o, a, b) -> rebuildEvents());
  }

  /** Shows a run from its start. */
  public void open(RunRecord r) {
    playing.set(false);
    plotted.set(PlottedRun.of(r));
    end.set(PlottedRun.dataEnd(r));
    title.set(describe(r));
    record.set(r); // last: listeners see the plotted run, end and title of this record
    rebuildEvents();
    if (cursor.get() == 0) {
      followCursor();
    } else {
      cursor.set(0);
    }
  }

  static String describe(RunRecord r) {
    return String.format(Locale.ROOT, "%s · %s · %s · %s · seed %d · %s", r.id(), r.policy(), r.scenario(),
        r.machine().name(), r.seed(), r.admission());
  }

  private void rebuildEvents() {
    RunRecord r = record.get();
    if (r == null) {
      events = List.of();
      eventTimes = new double[0];
      window.clear();
      cursorEvent.set(-1);
      cursorRow.set(-1);
      return;
    }
    EventFilter f = filter.get();
    List<RunEvent> kept = new ArrayList<>(f == EventFilter.ALL ? r.events().size() : 1024);
    for (RunEvent e : r.events()) {
      if (f.accepts(e.type())) {
        kept.add(e);
      }
    }
    double[] times = new double[kept.size()];
    for (int i = 0; i < times.length; i++) {
      times[i] = kept.get(i).t();
    }
    eventTimes = times;
    events = java.util.Collections.unmodifiableList(kept);
    windowStart.set(-1); // the window is rebuilt around the cursor
    cursorEvent.set(-2); // and listeners see the new list's index
    followCursor();
  }

  private void followCursor() {
    double t = cursor.get();
    cursorText.set(TimeFormat.elapsedPrecise(t) + " / " + TimeFormat.elapsed(end.get()));
    int at = lastAtOrBefore(eventTimes, t);
    moveWindow(at);
    cursorEvent.set(at);
    // before the first event the list sits on that first event (the next thing to happen), and says so
    boolean beforeFirst = at < 0 && eventTimes.length > 0;
    cursorRow.set(beforeFirst ? -windowStart.get() : at < 0 ? -1 : at - windowStart.get());
    RunRecord r = record.get();
    if (r == null || r.samples().size() == 0) {
      stateText.set(beforeFirst ? "first event at " + TimeFormat.elapsedPrecise(eventTimes[0]) : "");
      return;
    }
    Samples s = r.samples();
    int i = s.indexAt(t);
    stateText.set((beforeFirst ? "first event at " + TimeFormat.elapsedPrecise(eventTimes[0]) + " · " : "")
        + String.format(Locale.ROOT, "workers %d (busy %d) · queue %d · memory %s · spawns %d · met %d · missed %d"
            + " · refused %d", s.workers()[i], s.busy()[i], s.queue()[i], Numbers.memory(s.memoryMb()[i]),
            s.spawns()[i], s.met()[i], s.late()[i], s.refused()[i]));
  }

  /** Keeps the cursor's event inside the table's window, away from its edges. */
  private void moveWindow(int at) {
    int n = events.size();
    int start = windowStart.get();
    int i = Math.max(0, at);
    boolean inside = start >= 0 && i >= start + Math.min(MARGIN, start) && i < Math.min(n, start + WINDOW) - MARGIN;
    if (inside || (start >= 0 && n <= WINDOW && window.size() == n)) {
      return;
    }
    int newStart = Math.max(0, Math.min(i - WINDOW / 2, n - WINDOW));
    window.setAll(events.subList(newStart, Math.min(n, newStart + WINDOW)).stream().map(EventRow::new).toList());
    windowStart.set(newStart);
  }

  /** Index of the last time at or before {@code t}, or -1. */
  static int lastAtOrBefore(double[] times, double t) {
    int i = Arrays.binarySearch(times, t + EPS);
    int insertion = i >= 0 ? i + 1 : -i - 1;
    // step over equal times (binarySearch finds any of them)
    while (insertion < times.length && times[insertion] <= t + EPS) {
      insertion++;
    }
    return insertion - 1;
  }

  // ---- actions ----------------------------------------------------------------------------------

  public void setCursor(double t) {
    cursor.set(Math.max(0, Math.min(end.get(), t)));
  }

  public void step(double seconds) {
    setCursor(cursor.get() + seconds);
  }

  public void home() {
    setCursor(0);
  }

  public void toEnd() {
    setCursor(end.get());
  }

  /** Moves the cursor to the next listed event after it; false if there is none. */
  public boolean nextEvent() {
    int i = lastAtOrBefore(eventTimes, cursor.get()) + 1;
    if (i >= eventTimes.length) {
      return false;
    }
    setCursor(eventTimes[i]);
    return true;
  }

  /** Moves the cursor to the last listed event before it; false if there is none. */
  public boolean previousEvent() {
    int i = Arrays.binarySearch(eventTimes, cursor.get() - EPS);
    int before = (i >= 0 ? i : -i - 1) - 1;
    while (before >= 0 && eventTimes[before] >= cursor.get() - EPS) {
      before--;
    }
    if (before < 0) {
      return false;
    }
    setCursor(eventTimes[before]);
    return true;
  }

  public void togglePlay() {
    if (record.get() == null) {
      return;
    }
    if (!playing.get() && cursor.get() >= end.get() - EPS) {
      setCursor(0);
    }
    playing.set(!playing.get());
  }

  /** Moves a playing cursor on by {@code wallSeconds} times the speed; stops at the end. */
  public void advance(double wallSeconds) {
    if (!playing.get()) {
      return;
    }
    double t = cursor.get() + wallSeconds * speed.get().factor();
    if (t >= end.get()) {
      setCursor(end.get());
      playing.set(false);
    } else {
      setCursor(t);
    }
  }

  // ---- properties -------------------------------------------------------------------------------

  public ReadOnlyObjectProperty<RunRecord> recordProperty() {
    return record;
  }

  public ReadOnlyObjectProperty<PlottedRun> plottedProperty() {
    return plotted;
  }

  public DoubleProperty cursorProperty() {
    return cursor;
  }

  public ReadOnlyDoubleProperty endProperty() {
    return end;
  }

  public BooleanProperty playingProperty() {
    return playing;
  }

  public ObjectProperty<PlaybackSpeed> speedProperty() {
    return speed;
  }

  public ObjectProperty<EventFilter> filterProperty() {
    return filter;
  }

  /** The listed events (of the chosen kinds), in time order. */
  public List<RunEvent> events() {
    return events;
  }

  /** Index in {@link #events()} of the last event at or before the cursor; -1 if none. */
  public ReadOnlyIntegerProperty cursorEventProperty() {
    return cursorEvent;
  }

  /** The events the table shows: a window of {@link #events()} around the cursor. */
  public ObservableList<EventRow> eventWindow() {
    return window;
  }

  /** The open run as the charts draw it (empty with none open). */
  public List<PlottedRun> plottedRuns() {
    PlottedRun p = plotted.get();
    return p == null ? List.of() : List.of(p);
  }

  /** The open run's headline numbers in a line ("" with none open). */
  public String metricsText() {
    return RecordWords.metrics(record.get());
  }

  /** What the open run says of the machine under it ({@link RecordWords#machineNote}; "" when nothing). */
  public String machineNote() {
    return RecordWords.machineNote(record.get());
  }

  /** The open run's trigger, as the charts shade it (none with no run open). */
  public List<TriggerWindow> triggerWindows() {
    RunRecord r = record.get();
    return r == null ? List.of() : TriggerWindow.ofRecords(List.of(r));
  }

  /** Where {@link #eventWindow()} starts in {@link #events()}. */
  public ReadOnlyIntegerProperty windowStartProperty() {
    return windowStart;
  }

  /** Index in {@link #eventWindow()} of the event at the cursor; -1 if none. */
  public ReadOnlyIntegerProperty cursorRowProperty() {
    return cursorRow;
  }

  public ReadOnlyStringProperty cursorTextProperty() {
    return cursorText;
  }

  public ReadOnlyStringProperty stateTextProperty() {
    return stateText;
  }

  public ReadOnlyStringProperty titleProperty() {
    return title;
  }
}
