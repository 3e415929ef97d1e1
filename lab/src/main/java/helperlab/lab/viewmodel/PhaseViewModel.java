package helperlab.lab.viewmodel;

import helperlab.study.phase.diagram.PhaseDiagram;
import helperlab.study.phase.diagram.PriceMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The Sweep view's phase diagrams: the phase study's diagrams of the opened sweep (per policy, offered load ×
 * trigger size → share of runs down 30 minutes after the trigger), one trigger kind and duration at a time; and,
 * when the sweep has a price axis, its price maps (per policy, offered load × the price of a helper's start → share
 * of runs collapsed, known machines marked) as one more choice; or, when the sweep has no phase study, how to make
 * one.
 */
public final class PhaseViewModel {
  /** How to get a sweep with the phase study, shown when the opened one has none. */
  public static final String HOW_TO = "This sweep has no phase study. Run one with helper-lab sweep --study phase "
      + "--out DIR (README: \"Where calling for help tips the server over\") and open DIR.";

  /** The phase study committed with the lab, offered when the opened sweep has none (from the checkout). */
  public static final java.nio.file.Path COMMITTED = java.nio.file.Path.of("docs", "phase-study");

  /** True when the lab runs from its checkout, where the committed phase study is. */
  public static boolean committedHere() {
    return java.nio.file.Files.exists(helperlab.runs.SweepRuns.runsFile(COMMITTED));
  }

  /** A trigger kind and duration: one picture's worth of diagrams. */
  public record Trigger(String stem, String text) {
    @Override
    public String toString() {
      return text;
    }
  }

  private final Map<Trigger, List<PhaseDiagram>> byTrigger = new LinkedHashMap<>();
  private final ObservableList<Trigger> triggers = FXCollections.observableArrayList();
  private final ObjectProperty<Trigger> trigger = new SimpleObjectProperty<>();
  private final ObjectProperty<List<PhaseDiagram>> shown = new SimpleObjectProperty<>(List.of());
  private final ObjectProperty<List<PriceMap>> shownPrices = new SimpleObjectProperty<>(List.of());
  private List<PriceMap> prices = List.of();
  /** The choice that shows the price maps rather than a trigger's diagrams. */
  public static final Trigger PRICES = new Trigger("price", "price of a helper (no trigger)");
  private final BooleanProperty selected = new SimpleBooleanProperty();
  private final BiConsumer<PhaseDiagram, PhaseDiagram.Cell> openPhase;
  private final BiConsumer<PriceMap, PriceMap.Cell> openPrice;

  /** Diagrams and maps whose cells open nothing. */
  public PhaseViewModel() {
    this((d, c) -> { }, (m, c) -> { });
  }

  /** {@code openPhase}, {@code openPrice}: what a click on a diagram's or a map's cell does (opens its run). */
  PhaseViewModel(BiConsumer<PhaseDiagram, PhaseDiagram.Cell> openPhase, BiConsumer<PriceMap, PriceMap.Cell> openPrice) {
    this.openPhase = openPhase;
    this.openPrice = openPrice;
    trigger.addListener((o, a, b) -> {
      shown.set(b == null || b.equals(PRICES) ? List.of() : byTrigger.getOrDefault(b, List.of()));
      shownPrices.set(PRICES.equals(b) ? prices : List.of());
    });
  }

  /** The opened sweep's diagrams (empty when it has no phase rows); opens on the 60 s spike when there is one. */
  void show(List<PhaseDiagram> diagrams) {
    show(diagrams, List.of());
  }

  /** The opened sweep's diagrams and price maps (either may be empty). */
  void show(List<PhaseDiagram> diagrams, List<PriceMap> priceMaps) {
    prices = List.copyOf(priceMaps);
    byTrigger.clear();
    for (PhaseDiagram d : diagrams) {
      String stem = d.kind() == null ? "none" : d.kind().id() + "-" + d.durationS();
      String text = d.kind() == null ? "no trigger" : String.format(Locale.ROOT, "%s for %.0f s",
          d.kind().id().replace('_', ' '), d.durationS());
      byTrigger.computeIfAbsent(new Trigger(stem, text), k -> new ArrayList<>()).add(d);
    }
    Trigger keep = trigger.get();
    triggers.setAll(byTrigger.keySet());
    if (!prices.isEmpty()) {
      triggers.add(PRICES);
    }
    Trigger pick = keep != null && triggers.contains(keep) ? keep
        : triggers.stream().filter(t -> t.stem().equals("spike-60.0")).findFirst()
            .orElse(triggers.isEmpty() ? null : triggers.get(0));
    trigger.set(null); // the diagrams are new even when the trigger is the same
    trigger.set(pick);
    selected.set(!triggers.isEmpty());
  }

  public boolean hasStudy() {
    return !triggers.isEmpty();
  }

  public ObservableList<Trigger> triggers() {
    return triggers;
  }

  /** The trigger kind and duration shown. */
  public ObjectProperty<Trigger> triggerProperty() {
    return trigger;
  }

  /** The diagrams shown, one per policy (empty: none). */
  public ReadOnlyObjectProperty<List<PhaseDiagram>> shownProperty() {
    return shown;
  }

  /** The price maps shown, one per policy (empty unless the price choice is picked). */
  public ReadOnlyObjectProperty<List<PriceMap>> shownPricesProperty() {
    return shownPrices;
  }

  /** The diagrams shown as the view draws them, one per policy (empty: none). */
  public List<ShareMap> diagramMaps() {
    return shown.get().stream().map(d -> PhaseMaps.of(d, openPhase)).toList();
  }

  /** The price maps shown as the view draws them, one per policy (empty unless the price choice is picked). */
  public List<ShareMap> priceMaps() {
    return shownPrices.get().stream().map(m -> PriceMaps.of(m, openPrice)).toList();
  }

  /** The known machines the price maps mark, in words ("dashed: known machines (...)"). */
  public static String knownMachines() {
    return PriceMaps.knownMachines();
  }

  /** The Sweep view shows the phase diagrams rather than the heat map or the breakeven chart. */
  public BooleanProperty selectedProperty() {
    return selected;
  }
}
