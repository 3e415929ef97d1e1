package helperlab.study.phase.diagram;

import helperlab.study.PhaseMeasures;
import helperlab.study.RunRow;
import helperlab.study.Studies;
import helperlab.study.phase.SafeLoad;
import helperlab.study.phase.Share;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One policy's price map: over offered load × the price of a helper's start ({@code helper_start_images}: its
 * start-up CPU in images of the hour's mix), with no trigger, the share of runs that collapsed at some point of the
 * hour (tipped, or never healthy: {@code workload.Tipping}), with its Wilson interval, the share still down at the
 * end, and what the runs delivered (mean met share, late share among admitted); and at each price the safe load
 * ({@link SafeLoad}). The runs at the calibration's own price and the price study's runs (the phase study's price
 * axis) are one map. Where known machines sit on the price axis is {@link #KNOWN}.
 */
public record PriceMap(String policy, PhaseDiagram.Run run, List<Double> loads, List<Double> prices, List<Cell> cells,
    Map<Double, SafeLoad> safeByPrice) {

  /** One load × price: collapsed and down at the end of its runs, their deliveries, and the seed the lab opens. */
  public record Cell(double load, double price, Share collapsed, Share downAtEnd, double metShare, double lateShare,
      List<Long> seeds, long representativeSeed, Double spawnCostS) {
    public Cell {
      seeds = List.copyOf(seeds);
    }
  }

  /** A machine whose price is known, marked on the price axis. */
  public record Marker(String name, double images, String source) {}

  /**
   * Where known machines sit, in images of the calm mix on the cage: each from its calibration file (start-up and
   * warm-up CPU over its own mean image cost), but the fork's, which is an order of magnitude (a warm process's fork
   * costs a small part of an image). PriceMapTest holds the measured ones to their files.
   */
  public static final List<Marker> KNOWN = List.of(
      new Marker("a fork", 0.2, "a warm process's fork: an order of magnitude, not measured here"),
      new Marker("the seed's file", 1.5, "calibration-seed.json: the seed's 300 + 200 ms start, its placeholders"),
      new Marker("12-03 host", 5.24, "lab-runs/amd-2026-12-03-phase-points/calibration/calibration.json"),
      new Marker("AMD cage", 7.04, "lab-runs/amd-2026-12-01c/calibration/calibration.json (the measured basis)"),
      new Marker("default basis", 13.49, "calibration-default.json: the AMD start at the seed server's speed"));

  public PriceMap {
    loads = List.copyOf(loads);
    prices = List.copyOf(prices);
    cells = List.copyOf(cells);
    safeByPrice = java.util.Collections.unmodifiableMap(new TreeMap<>(safeByPrice));
  }

  public Cell cell(double load, double price) {
    for (Cell c : cells) {
      if (c.load() == load && c.price() == price) {
        return c;
      }
    }
    return null;
  }

  public String title() {
    return policy + run.setting();
  }

  /** A price as the axis writes it, two figures: "0.2", "5.2", "13.5" (three from 10 up). */
  public static String priceLabel(double images) {
    String s = images >= 10 ? String.format(Locale.ROOT, "%.1f", images) : String.format(Locale.ROOT, "%.2g", images);
    return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
  }

  /** A row's price, rounded to three figures so the runs of one price group together. */
  static double price(RunRow r) {
    return PhaseMeasures.price(r.helperStartImages());
  }

  /** Every price map the rows hold: untriggered phase runs with a helper's price, per policy and setting. */
  public static List<PriceMap> of(List<RunRow> rows) {
    Map<String, Map<PhaseDiagram.Run, Map<Double, Map<Double, List<RunRow>>>>> byPolicy = new LinkedHashMap<>();
    for (RunRow r : rows) {
      if (!Studies.PHASE.equals(r.study()) || r.offeredLoad() == null || r.trigger() != null
          || r.helperStartImages() == null) {
        continue;
      }
      byPolicy.computeIfAbsent(r.policy(), p -> new LinkedHashMap<>())
          .computeIfAbsent(PhaseDiagram.Run.of(r), x -> new TreeMap<>())
          .computeIfAbsent(price(r), x -> new TreeMap<>())
          .computeIfAbsent(r.offeredLoad(), x -> new ArrayList<>()).add(r);
    }
    List<PriceMap> out = new ArrayList<>();
    byPolicy.forEach((policy, byRun) -> byRun.forEach((run, byPrice) -> {
      if (byPrice.size() < 2) {
        return; // one price is no map
      }
      TreeSet<Double> loads = new TreeSet<>();
      List<Cell> cells = new ArrayList<>();
      Map<Double, SafeLoad> safe = new TreeMap<>();
      byPrice.forEach((price, byLoad) -> {
        Map<Double, SafeLoad.Load> perLoad = new TreeMap<>();
        byLoad.forEach((load, runs) -> {
          loads.add(load);
          cells.add(cell(load, price, runs));
          perLoad.put(load, PhaseMeasures.load(runs));
        });
        safe.put(price, SafeLoad.of(perLoad));
      });
      out.add(new PriceMap(policy, run, new ArrayList<>(loads), new ArrayList<>(byPrice.keySet()), cells, safe));
    }));
    return out;
  }

  private static Cell cell(double load, double price, List<RunRow> runs) {
    List<RunRow> sorted = new ArrayList<>(runs);
    sorted.sort(Comparator.comparingLong(RunRow::seed));
    int collapsed = 0;
    int atEnd = 0;
    long late = 0;
    long settled = 0;
    double met = 0;
    for (RunRow r : sorted) {
      collapsed += r.everDown() ? 1 : 0;
      atEnd += r.down() != null && r.down().downAtEnd() ? 1 : 0;
      late += r.metrics().late();
      settled += r.metrics().met() + r.metrics().late();
      met += r.metrics().metShare();
    }
    Share c = Share.of(collapsed, sorted.size());
    boolean side = c.share() >= PhaseDiagram.HALF;
    RunRow rep = sorted.stream().filter(r -> r.everDown() == side).findFirst().orElse(sorted.get(0));
    return new Cell(load, price, c, Share.of(atEnd, sorted.size()), met / sorted.size(),
        settled == 0 ? Double.NaN : (double) late / settled, sorted.stream().map(RunRow::seed).toList(), rep.seed(),
        rep.spawnCostS());
  }
}
