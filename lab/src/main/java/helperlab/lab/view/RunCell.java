package helperlab.lab.view;

import helperlab.lab.viewmodel.RunEntry;
import helperlab.lab.viewmodel.RunPairs;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.VBox;

/** A run in the list: its name, what made it (real, replay, sim), where it is, when and how big. */
final class RunCell extends ListCell<RunEntry> {
  private static final java.util.Map<RunEntry.Kind, PseudoClass> KINDS = java.util.Arrays.stream(RunEntry.Kind.values())
      .collect(java.util.stream.Collectors.toMap(k -> k, k -> PseudoClass.getPseudoClass(k.label())));
  private final Label name = new Label();
  private final Label kind = new Label();
  private final Label origin = new Label();
  private final Label details = new Label();
  /** The badges and details go on as many lines as the list's width needs, never cut short. */
  private final FlowPane facts = new FlowPane(6, 1, kind, origin, details);
  private final VBox box = new VBox(1, name, facts);
  /** The whole name, which a narrow list cuts short. */
  private final Tooltip whole = new Tooltip();

  RunCell() {
    getStyleClass().add("run-cell");
    name.getStyleClass().add("run-name");
    kind.getStyleClass().add("kind-badge");
    origin.getStyleClass().add("origin-badge");
    details.getStyleClass().add("run-details");
    // names differ at their ends (seed, date, time): wrapped at the dashes they stay whole in a narrow
    // list, and the cell never gets wider than the list (so no name hides behind its scroll bar)
    name.setWrapText(true);
    name.setMinHeight(Label.USE_PREF_SIZE);
    setPrefWidth(0);
  }

  @Override
  protected void updateItem(RunEntry e, boolean empty) {
    super.updateItem(e, empty);
    if (empty || e == null) {
      setGraphic(null);
      setText(null);
      setTooltip(null);
      return;
    }
    // a break allowed after every dash: JavaFX wraps only at white space, so a hair space (1 px) follows each
    name.setText(e.name().replace("-", "-\u200A"));
    // a replay says whose it is, and sits indented under its run when that is listed
    java.util.Optional<RunEntry> run = getListView() == null ? java.util.Optional.empty()
        : RunPairs.runOf(e, getListView().getItems());
    // whose replay it is: the run above, or (not listed) the run its own name starts with, in the tooltip
    kind.setText(run.isPresent() ? "replay of the run above" : e.kind().label());
    box.setPadding(new javafx.geometry.Insets(0, 0, 0, run.isPresent() ? 18 : 0));
    for (RunEntry.Kind k : RunEntry.Kind.values()) {
      kind.pseudoClassStateChanged(KINDS.get(k), k == e.kind());
    }
    origin.setText(e.place());
    details.setText(e.details());
    whole.setText(e.name() + RunPairs.runOf(e).filter(n -> run.isEmpty()).map(n -> "\nreplay of " + n).orElse(""));
    setTooltip(whole);
    setGraphic(box);
  }
}
