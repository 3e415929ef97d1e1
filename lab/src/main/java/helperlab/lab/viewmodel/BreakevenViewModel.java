package helperlab.lab.viewmodel;

import helperlab.study.SpawnCostCurves;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Sweep view's breakeven chart: the spawn-cost study's curves of the opened sweep (each splitting
 * policy's met share minus the pool's against the spawn cost), one machine × scenario panel at a
 * time, or, when the sweep has no such study, how to make one.
 */
public final class BreakevenViewModel {
  /** How to get a sweep with the study, shown when the opened one has none. */
  public static final String HOW_TO = "This sweep has no spawn-cost study. Run one with "
      + "helper-lab sweep --study spawn-cost --out DIR and open DIR (docs/sweep-studies holds one).";

  /** A machine × scenario panel of the study. */
  public record Panel(String machine, String scenario) {
    @Override
    public String toString() {
      return scenario + " on " + machine;
    }
  }

  private final ObjectProperty<SpawnCostCurves> curves = new SimpleObjectProperty<>();
  private final ObservableList<Panel> panels = FXCollections.observableArrayList();
  private final ObjectProperty<Panel> panel = new SimpleObjectProperty<>();
  private final ObjectProperty<List<SpawnCostCurves.Curve>> shown = new SimpleObjectProperty<>(List.of());
  private final BooleanProperty selected = new SimpleBooleanProperty();

  public BreakevenViewModel() {
    panel.addListener((o, a, b) -> showPanel());
  }

  /** The opened sweep's curves (empty when it has no spawn-cost rows). */
  void show(SpawnCostCurves c) {
    List<Panel> list = new ArrayList<>();
    for (SpawnCostCurves.Curve curve : c.curves()) {
      Panel p = new Panel(curve.machine(), curve.scenario());
      if (!list.contains(p)) {
        list.add(p);
      }
    }
    Panel keep = panel.get();
    curves.set(c);
    panels.setAll(list);
    if (list.isEmpty()) {
      panel.set(null);
    } else if (keep == null || !list.contains(keep)) {
      panel.set(list.stream().filter(p -> p.machine().equals("cage")).findFirst().orElse(list.get(0)));
    }
    showPanel();
    // a sweep with the study opens on its chart; one without, on the heat map
    selected.set(!list.isEmpty());
  }

  private void showPanel() {
    SpawnCostCurves c = curves.get();
    Panel p = panel.get();
    shown.set(c == null || p == null ? List.of() : c.panel(p.machine(), p.scenario()));
  }

  /** The Sweep view shows the breakeven chart rather than the heat map. */
  public BooleanProperty selectedProperty() {
    return selected;
  }

  /** Whether the opened sweep has the study. */
  public boolean hasStudy() {
    return !panels.isEmpty();
  }

  public ObservableList<Panel> panels() {
    return panels;
  }

  /** The panel shown. */
  public ObjectProperty<Panel> panelProperty() {
    return panel;
  }

  /** The curves of the panel shown, one per splitting policy (empty: none). */
  public ReadOnlyObjectProperty<List<SpawnCostCurves.Curve>> shownProperty() {
    return shown;
  }
}
