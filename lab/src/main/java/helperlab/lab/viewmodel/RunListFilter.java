package helperlab.lab.viewmodel;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Predicate;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

/**
 * The runs the Runs list shows: one kind (real runs, their replays, simulated runs) or all, and the
 * runs whose name or place holds every word typed (e.g. {@code "box s2 xeon"}).
 */
public final class RunListFilter {
  /** Which kind of run to show. */
  public enum Shown {
    ALL("All runs", null), REAL("Real runs", RunEntry.Kind.REAL), REPLAY("Replays", RunEntry.Kind.REPLAY),
    SIM("Simulated", RunEntry.Kind.SIM);

    private final String label;
    private final RunEntry.Kind kind;

    Shown(String label, RunEntry.Kind kind) {
      this.label = label;
      this.kind = kind;
    }

    @Override
    public String toString() {
      return label;
    }
  }

  private final ObjectProperty<Shown> shown = new SimpleObjectProperty<>(Shown.ALL);
  private final StringProperty words = new SimpleStringProperty("");
  private final FilteredList<RunEntry> runs;
  private final StringBinding count;
  private final StringBinding empty;

  public RunListFilter(ObservableList<RunEntry> all) {
    this.runs = new FilteredList<>(all);
    runs.predicateProperty().bind(Bindings.createObjectBinding(() -> predicate(shown.get(), words.get()), shown, words));
    this.count = Bindings.createStringBinding(() -> runs.size() == all.size() ? all.size() + (all.size() == 1 ? " run" : " runs")
        : runs.size() + " of " + all.size() + " runs", runs, all);
    // an empty list says why: nothing in the folder, or a filter that passes none of what is there
    this.empty = Bindings.createStringBinding(() -> all.isEmpty()
        ? "No run records here yet.\nRun something in the Live view,\nor choose a folder."
        : "No run matches this filter.\nClear the words or show all kinds.", all);
  }

  /** Runs of {@code shown}'s kind whose name or place holds each of {@code words} (any case). */
  static Predicate<RunEntry> predicate(Shown shown, String words) {
    String[] each = words == null || words.isBlank() ? new String[0]
        : words.trim().toLowerCase(Locale.ROOT).split("\\s+");
    return e -> (shown == null || shown.kind == null || e.kind() == shown.kind) && Arrays.stream(each)
        .allMatch(w -> e.name().toLowerCase(Locale.ROOT).contains(w) || e.place().toLowerCase(Locale.ROOT).contains(w));
  }

  public ObjectProperty<Shown> shownProperty() {
    return shown;
  }

  public StringProperty wordsProperty() {
    return words;
  }

  /** The runs that pass, in the library's order. */
  public ObservableList<RunEntry> runs() {
    return runs;
  }

  /** What the list says when it shows nothing: that the folder is empty, or that nothing passes the filter. */
  public StringBinding emptyText() {
    return empty;
  }

  /** e.g. {@code "15 of 73 runs"}, or {@code "73 runs"} when nothing is filtered out. */
  public StringBinding countText() {
    return count;
  }
}
