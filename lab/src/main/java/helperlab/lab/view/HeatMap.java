package helperlab.lab.view;

import helperlab.lab.viewmodel.Estimate;
import helperlab.lab.viewmodel.SweepViewModel;
import java.util.Locale;
import java.util.Optional;
import javafx.geometry.HPos;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * The Sweep view's heat map: the met share of each policy (a row) on each scenario (a column) for the machine
 * chosen, from red to green with the key under it; clicking a cell opens its run. While no sweep is shown, a hint
 * stands in its place.
 */
final class HeatMap {
  /** The colour scale's width: its title and eleven steps of 36 px (the last as wide as "100%"). */
  private static final double SCALE_WIDTH = 470;

  private final GridPane heatMap;
  private final Label heatHint;
  private final SweepViewModel vm;

  HeatMap(GridPane heatMap, Label heatHint, SweepViewModel vm) {
    this.heatMap = heatMap;
    this.heatHint = heatHint;
    this.vm = vm;
  }

  /** Draws the map anew from the sweep's rows and the machine chosen. */
  void draw() {
    heatMap.getChildren().clear();
    boolean any = !vm.heatPolicies().isEmpty();
    heatHint.setVisible(!any);
    heatHint.setManaged(!any);
    if (!any) {
      return;
    }
    int col = 1;
    for (String s : vm.heatScenarios()) {
      Label h = new Label(s);
      h.getStyleClass().add("heat-header");
      GridPane.setHalignment(h, HPos.CENTER);
      heatMap.add(h, col++, 0);
    }
    int row = 1;
    for (String p : vm.heatPolicies()) {
      Label name = new Label(p);
      name.getStyleClass().add("heat-header");
      name.setMinWidth(Region.USE_PREF_SIZE); // a policy name is never cut short
      heatMap.add(name, 0, row);
      col = 1;
      for (String s : vm.heatScenarios()) {
        heatMap.add(cell(p, s), col++, row);
      }
      row++;
    }
    heatMap.add(colourScale(), 1, row, Math.max(1, vm.heatScenarios().size()), 1);
    // the colour scale spans the scenarios' columns and is wider than a few of them: its extra width is shared by
    // them all, not given to the last (which stretched "overload" to twice the others)
    heatMap.getColumnConstraints().clear();
    ColumnConstraints names = new ColumnConstraints();
    names.setHgrow(Priority.NEVER);
    heatMap.getColumnConstraints().add(names);
    int n = vm.heatScenarios().size();
    for (int i = 0; i < n; i++) {
      ColumnConstraints c = new ColumnConstraints();
      c.setHgrow(Priority.ALWAYS);
      c.setMinWidth(Math.max(56, SCALE_WIDTH / n)); // together at least as wide as the scale under them
      c.setFillWidth(true);
      heatMap.getColumnConstraints().add(c);
    }
  }

  /** The key to the colours: met share from 0 % (red) to 100 % (green). */
  private static HBox colourScale() {
    HBox scale = new HBox(0);
    scale.getStyleClass().add("heat-scale");
    scale.setAlignment(Pos.CENTER_LEFT);
    Label title = new Label("met share ");
    title.getStyleClass().add("hint");
    title.setMinWidth(Label.USE_PREF_SIZE);
    scale.getChildren().add(title);
    for (int i = 0; i <= 10; i++) {
      double m = i / 10.0;
      Label step = new Label(i % 5 == 0 ? (i * 10) + "%" : "");
      step.getStyleClass().add("heat-scale-step");
      step.setMinWidth(36);
      step.setPrefWidth(i == 10 ? Label.USE_COMPUTED_SIZE : 36); // "100%" whole, never "10…"
      step.setAlignment(Pos.CENTER);
      step.setStyle("-fx-background-color: " + HeatColors.background(m) + "; -fx-text-fill: " + HeatColors.text(m) + ";");
      scale.getChildren().add(step);
    }
    return scale;
  }

  private Label cell(String policy, String scenario) {
    Optional<Estimate> share = vm.metShare(policy, scenario);
    Label l = new Label(share.map(i -> String.format(Locale.ROOT, "%.0f%%", 100 * i.mean())).orElse("–"));
    l.getStyleClass().add("heat-cell");
    l.setMaxWidth(Double.MAX_VALUE);
    l.setId("heat-" + policy + "-" + scenario);
    if (share.isPresent()) {
      double m = share.get().mean();
      l.setStyle("-fx-background-color: " + HeatColors.background(m) + "; -fx-text-fill: " + HeatColors.text(m) + ";");
      l.setTooltip(new Tooltip(String.format(Locale.ROOT, "%s on %s (%s): met %s over %d seeds%nclick: open seed %d",
          policy, scenario, vm.machineProperty().get(), share.get().percent(), share.get().n(),
          vm.openSeedProperty().get())));
      l.setOnMouseClicked(e -> vm.openHeatRun(policy, scenario));
    }
    return l;
  }
}
