package helperlab.lab.view;

import helperlab.lab.viewmodel.EventRow;
import helperlab.lab.viewmodel.EventValues;
import helperlab.lab.viewmodel.TimelineViewModel;
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
  record Columns(TableColumn<EventRow, String> time, TableColumn<EventRow, String> type,
      TableColumn<EventRow, String> worker, TableColumn<EventRow, String> task, TableColumn<EventRow, String> image,
      TableColumn<EventRow, String> value, TableColumn<EventRow, String> note) { }

  private final TableView<EventRow> events;
  private final TimelineViewModel vm;

  EventTable(TableView<EventRow> events, Columns c, TimelineViewModel vm) {
    this.events = events;
    this.vm = vm;
    events.setItems(vm.eventWindow());
    events.setPlaceholder(new Label("Open a run to see its events"));
    column(c.time(), EventRow::time);
    column(c.type(), EventRow::type);
    column(c.worker(), EventRow::worker);
    column(c.task(), EventRow::task);
    column(c.image(), EventRow::image);
    column(c.value(), EventRow::value);
    Label valueHeader = new Label("value");
    valueHeader.setTooltip(new Tooltip(EventValues.legend()));
    c.value().setText(null);
    c.value().setGraphic(valueHeader);
    column(c.note(), EventRow::note);
    // the note takes the table's width left over, and says itself whole under the pointer where still cut
    // (a constrained resize policy spread the room over every column at first show, the note still cut)
    List<TableColumn<EventRow, String>> others = List.of(c.time(), c.type(), c.worker(), c.task(), c.image(), c.value());
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
    events.setRowFactory(t -> new MarkedRow());
    events.setFixedCellSize(ROW_HEIGHT);
    vm.cursorRowProperty().addListener((o, a, b) -> followEvent(b.intValue()));
    vm.windowStartProperty().addListener((o, a, b) -> followEvent(vm.cursorRowProperty().get()));
  }

  private static void column(TableColumn<EventRow, String> c, Function<EventRow, String> f) {
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
  private final class MarkedRow extends TableRow<EventRow> {
    MarkedRow() {
      setOnMouseClicked(e -> {
        EventRow ev = getItem();
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
    protected void updateItem(EventRow item, boolean empty) {
      super.updateItem(item, empty);
      mark();
      getStyleClass().remove("event-trouble");
      if (!empty && item != null && item.trouble()) {
        getStyleClass().add("event-trouble");
      }
    }
  }
}
