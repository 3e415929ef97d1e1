package helperlab.lab.view;

import helperlab.charts.style.TimeFormat;
import helperlab.lab.viewmodel.EventValues;
import helperlab.lab.viewmodel.TimelineViewModel;
import helperlab.model.EventType;
import helperlab.model.RunEvent;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.WeakChangeListener;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;

/**
 * The Runs view's event list: the open run's events around the cursor, the one at the cursor marked
 * and kept in view, trouble in its own colour; a click on a row moves the cursor to its event.
 */
final class EventTable {
  private static final PseudoClass CURSOR = PseudoClass.getPseudoClass("cursor");
  private static final double ROW_HEIGHT = 22;
  private static final double NOTE_MIN_W = 220;

  /** The table's columns, as the FXML names them. */
  record Columns(TableColumn<RunEvent, String> time, TableColumn<RunEvent, String> type,
      TableColumn<RunEvent, String> worker, TableColumn<RunEvent, String> task, TableColumn<RunEvent, String> image,
      TableColumn<RunEvent, String> value, TableColumn<RunEvent, String> note) { }

  private final TableView<RunEvent> events;
  private final TimelineViewModel vm;

  EventTable(TableView<RunEvent> events, Columns c, TimelineViewModel vm) {
    this.events = events;
    this.vm = vm;
    events.setItems(vm.eventWindow());
    events.setPlaceholder(new Label("Open a run to see its events"));
    column(c.time(), e -> TimeFormat.elapsedPrecise(e.t()));
    column(c.type(), e -> e.type().wire());
    column(c.worker(), e -> e.worker() >= 0 ? Integer.toString(e.worker()) : "");
    column(c.task(), e -> e.task() >= 0 ? Integer.toString(e.task()) : "");
    column(c.image(), e -> e.image() >= 0 ? Integer.toString(e.image()) : "");
    column(c.value(), EventValues::text);
    Label valueHeader = new Label("value");
    valueHeader.setTooltip(new Tooltip(EventValues.legend()));
    c.value().setText(null);
    c.value().setGraphic(valueHeader);
    column(c.note(), e -> e.note() == null ? "" : e.note());
    // the note takes the table's width left over, and says itself whole under the pointer where still cut
    // (a constrained resize policy spread the room over every column at first show, the note still cut)
    List<TableColumn<RunEvent, String>> others = List.of(c.time(), c.type(), c.worker(), c.task(), c.image(), c.value());
    javafx.beans.Observable[] deps = java.util.stream.Stream.concat(Stream.of(events.widthProperty()),
        others.stream().map(TableColumn::widthProperty)).toArray(javafx.beans.Observable[]::new);
    double scrollBar = 18; // the vertical bar's room, so the note does not bring up a horizontal one
    c.note().prefWidthProperty().bind(javafx.beans.binding.Bindings.createDoubleBinding(() -> Math.max(NOTE_MIN_W,
        events.getWidth() - others.stream().mapToDouble(TableColumn::getWidth).sum() - scrollBar), deps));
    c.note().setCellFactory(col -> new javafx.scene.control.TableCell<>() {
      private final Tooltip whole = new Tooltip();

      @Override
      protected void updateItem(String note, boolean empty) {
        super.updateItem(note, empty);
        boolean none = empty || note == null || note.isEmpty();
        setText(none ? null : note);
        whole.setText(none ? "" : note);
        setTooltip(none ? null : whole);
      }
    });
    events.setRowFactory(t -> new EventRow());
    events.setFixedCellSize(ROW_HEIGHT);
    vm.cursorRowProperty().addListener((o, a, b) -> followEvent(b.intValue()));
    vm.windowStartProperty().addListener((o, a, b) -> followEvent(vm.cursorRowProperty().get()));
  }

  private static void column(TableColumn<RunEvent, String> c, Function<RunEvent, String> f) {
    c.setCellValueFactory(cd -> new ReadOnlyObjectWrapper<>(f.apply(cd.getValue())));
  }

  /** Highlights the event at the cursor and keeps it in view (a few rows of context above it). */
  private void followEvent(int index) {
    if (index >= 0) {
      int visible = (int) Math.max(1, events.getHeight() / ROW_HEIGHT - 1);
      events.scrollTo(Math.max(0, index - visible / 2));
    }
  }

  /** A row of the event list: marked when it is the event at the cursor; a click moves the cursor to it. */
  private final class EventRow extends TableRow<RunEvent> {
    EventRow() {
      setOnMouseClicked(e -> {
        RunEvent ev = getItem();
        if (ev != null) {
          vm.setCursor(ev.t());
        }
      });
      // only the few rows on screen exist, each marks itself when the cursor reaches its event
      vm.cursorRowProperty().addListener(new WeakChangeListener<>(marker));
    }

    private final ChangeListener<Number> marker = (o, a, b) -> mark();

    private void mark() {
      pseudoClassStateChanged(CURSOR, !isEmpty() && getIndex() == vm.cursorRowProperty().get());
    }

    @Override
    public void updateIndex(int i) {
      super.updateIndex(i);
      mark();
    }

    @Override
    protected void updateItem(RunEvent item, boolean empty) {
      super.updateItem(item, empty);
      mark();
      getStyleClass().remove("event-trouble");
      if (!empty && item != null && isTrouble(item.type())) {
        getStyleClass().add("event-trouble");
      }
    }
  }

  private static boolean isTrouble(EventType t) {
    return t == EventType.WORKER_KILLED || t == EventType.IMAGE_KILLED || t == EventType.IMAGE_DEAD
        || t == EventType.TASK_LATE || t == EventType.TASK_TURNED_AWAY || t == EventType.REFUSED;
  }
}
