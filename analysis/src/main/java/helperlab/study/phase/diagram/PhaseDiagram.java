package helperlab.study.phase.diagram;

import helperlab.study.phase.Share;
import helperlab.study.RunRow;
import helperlab.study.Studies;
import helperlab.workload.Trigger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * One policy's phase diagram for one trigger kind and duration (kind null: a study without triggers, its one
 * row the untriggered runs): over offered load × trigger size, the share of
 * runs down {@link DownLater#LATER_S} after the trigger's end ({@link DownLater}), with its Wilson interval, and
 * the boundary between mostly up and mostly down. Size 0 is the run without a trigger, asked at the same second
 * of its hour, so the diagram's bottom row is the spontaneous tipping the triggers add to.
 *
 * <p>The <b>boundary</b> at a size is the lowest load on the grid from which the share down is at least one half
 * at that load and every higher load of the grid; below it the run is more likely up. Null: no such load (up
 * throughout the grid). Requiring every higher load keeps one unlucky seed at a low load from moving the line
 * below loads that are up. A cell is <em>decided</em> when its interval lies wholly on one side of one half; with
 * 3–5 runs a cell is decided only when all its runs agree.
 */
public record PhaseDiagram(String policy, Run run, Trigger.Kind kind, double durationS, List<Double> loads,
    List<Double> sizes, List<Cell> cells) {
  /** The share down at and above which a cell is on the down side. */
  public static final double HALF = 0.5;

  /**
   * One load × size: {@code down} of its runs down later, the seeds of its runs (in seed order) and of one run
   * on the cell's side of one half (the lowest such seed), the run the lab opens for the cell; and what its runs
   * delivered: their mean met share and the late share among their admitted tasks (pooled; NaN: none admitted).
   */
  public record Cell(double load, double size, Share down, List<Long> seeds, long representativeSeed,
      boolean representativeDown, double metShare, double lateShare) {
    public Cell {
      seeds = List.copyOf(seeds);
    }

    /** A cell whose runs' deliveries are not known. */
    public Cell(double load, double size, Share down, List<Long> seeds, long representativeSeed,
        boolean representativeDown) {
      this(load, size, down, seeds, representativeSeed, representativeDown, Double.NaN, Double.NaN);
    }

    public boolean downSide() {
      return down.share() >= HALF;
    }
  }

  /**
   * What the diagram's runs share besides the policy: their scenario (at each load), machine and admission, and
   * the phase setting's client (null: honour, as rows before it) and forecast bias (null: 1).
   */
  public record Run(String scenario, String machine, String admission, String client, Double forecastBias) {
    public Run(String scenario, String machine, String admission) {
      this(scenario, machine, admission, null, null);
    }

    static Run of(RunRow r) {
      String client = r.client() == null || r.client().equals("honour") ? null : r.client();
      Double bias = r.forecastBias() == null || r.forecastBias() == 1.0 ? null : r.forecastBias();
      return new Run(r.scenario(), r.machine(), r.admission(), client, bias);
    }

    /** What sets these runs apart from the default setting: ", admission none, client at-once, bias ×1.4". */
    public String setting() {
      StringBuilder b = new StringBuilder();
      if (!"edf-fit".equals(admission)) {
        b.append(", admission ").append(admission);
      }
      if (client != null) {
        b.append(", client ").append(client);
      }
      if (forecastBias != null) {
        b.append(String.format(Locale.ROOT, ", bias \u00d7%s", num(forecastBias)));
      }
      return b.toString();
    }
  }

  /** The panel's title: the policy and, when not the default, its setting. */
  public String title() {
    return policy + run.setting();
  }

  public PhaseDiagram {
    loads = List.copyOf(loads);
    sizes = List.copyOf(sizes);
    cells = List.copyOf(cells);
  }

  /** The cell at this load and size, or null when the grid has no runs there. */
  public Cell cell(double load, double size) {
    for (Cell c : cells) {
      if (c.load() == load && c.size() == size) {
        return c;
      }
    }
    return null;
  }

  /** The boundary load at {@code size} (see the class), or null: up at every load of the grid. */
  public Double boundary(double size) {
    Double from = null;
    for (int i = loads.size() - 1; i >= 0; i--) {
      Cell c = cell(loads.get(i), size);
      if (c == null || !c.downSide()) {
        break;
      }
      from = loads.get(i);
    }
    return from;
  }

  /** The second of the hour the diagram asks "down?": the trigger's end plus {@link DownLater#LATER_S}. */
  public double askedAtS() {
    return Trigger.STUDY_AT_S + durationS + DownLater.LATER_S;
  }

  /** "spike for 60 s" — what the diagram's triggers were; "no trigger" for a study without them. */
  public String triggerText() {
    return kind == null ? "no trigger" : String.format(Locale.ROOT, "%s for %.0f s", kind.id().replace('_', ' '), durationS);
  }

  /** How a size reads on an axis: "none", "x2" (spike, cost jump), "50%" (a co-tenant's share of the CPU). */
  public static String sizeLabel(Trigger.Kind kind, double size) {
    if (size == 0 || kind == null) {
      return "none";
    }
    return switch (kind) {
      case SPIKE, COST_JUMP -> "\u00d7" + num(1 + size);
      case SLOWDOWN -> num(100 * size) + "%";
    };
  }

  /** The size axis's name with its unit, per kind. */
  public static String sizeAxis(Trigger.Kind kind) {
    return kind == null ? "trigger" : switch (kind) {
      case SPIKE -> "spike: arrival rate (\u00d7 the base)";
      case SLOWDOWN -> "slowdown: CPU a co-tenant takes (%)";
      case COST_JUMP -> "cost jump: work per image (\u00d7 the base)";
    };
  }

  private static String num(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.2g", v);
  }

  /**
   * Every diagram the rows hold: one per policy × trigger kind × duration among the phase study's rows with an
   * offered load, in the order policies first appear, then kind and duration. The untriggered runs of the same
   * policy and load are every diagram's size-0 row. Empty when the rows hold no phase study with triggers.
   */
  public static List<PhaseDiagram> of(List<RunRow> rows) {
    record Key(String policy, Run run, Trigger.Kind kind, double durationS) {}
    Map<String, Map<Run, Map<Double, List<RunRow>>>> untriggered = new LinkedHashMap<>();
    Map<Key, List<RunRow>> triggered = new TreeMap<>(Comparator.comparing(Key::policy)
        .thenComparing(k -> k.run().toString()).thenComparing(Key::kind).thenComparingDouble(Key::durationS));
    List<String> policyOrder = new ArrayList<>();
    for (RunRow r : rows) {
      if (!Studies.PHASE.equals(r.study()) || r.offeredLoad() == null || r.spawnCostS() != null) {
        continue;
      }
      if (!policyOrder.contains(r.policy())) {
        policyOrder.add(r.policy());
      }
      if (r.trigger() == null || r.trigger().isNone()) {
        untriggered.computeIfAbsent(r.policy(), p -> new LinkedHashMap<>()).computeIfAbsent(Run.of(r),
            x -> new TreeMap<>()).computeIfAbsent(r.offeredLoad(), l -> new ArrayList<>()).add(r);
      } else {
        triggered.computeIfAbsent(new Key(r.policy(), Run.of(r), r.trigger().kind(), r.trigger().durationS()),
            k -> new ArrayList<>()).add(r);
      }
    }
    List<PhaseDiagram> out = new ArrayList<>();
    for (String policy : policyOrder) {
      triggered.forEach((k, list) -> {
        if (k.policy().equals(policy)) {
          out.add(build(policy, k.run(), k.kind(), k.durationS(), list,
              untriggered.getOrDefault(policy, Map.of()).getOrDefault(k.run(), Map.of())));
        }
      });
      // a study without triggers (--phase-conditions none) still has its no-trigger row to show
      untriggered.getOrDefault(policy, Map.of()).forEach((run, byLoad) -> {
        if (out.stream().noneMatch(d -> d.policy().equals(policy) && d.run().equals(run))) {
          out.add(build(policy, run, null, 0, List.of(), byLoad));
        }
      });
    }
    return out;
  }

  private static PhaseDiagram build(String policy, Run run, Trigger.Kind kind, double durationS,
      List<RunRow> triggered, Map<Double, List<RunRow>> untriggered) {
    // an untriggered run is asked at the second its triggered twins are: the same clock time of the same hour
    double askedAt = Trigger.STUDY_AT_S + durationS + DownLater.LATER_S;
    TreeSet<Double> loads = new TreeSet<>();
    TreeSet<Double> sizes = new TreeSet<>();
    Map<Double, Map<Double, List<RunRow>>> bySizeLoad = new TreeMap<>();
    for (RunRow r : triggered) {
      loads.add(r.offeredLoad());
      sizes.add(r.trigger().size());
      bySizeLoad.computeIfAbsent(r.trigger().size(), s -> new TreeMap<>())
          .computeIfAbsent(r.offeredLoad(), l -> new ArrayList<>()).add(r);
    }
    for (Map.Entry<Double, List<RunRow>> e : untriggered.entrySet()) {
      if (triggered.isEmpty()) {
        loads.add(e.getKey());
      }
      if (loads.contains(e.getKey())) {
        sizes.add(0.0);
        bySizeLoad.computeIfAbsent(0.0, s -> new TreeMap<>()).put(e.getKey(), e.getValue());
      }
    }
    List<Cell> cells = new ArrayList<>();
    bySizeLoad.forEach((size, byLoad) -> byLoad.forEach((load, runs) -> cells.add(cell(load, size, runs,
        untriggered.getOrDefault(load, List.of()), askedAt))));
    return new PhaseDiagram(policy, run, kind, durationS, new ArrayList<>(loads), new ArrayList<>(sizes), cells);
  }

  private static Cell cell(double load, double size, List<RunRow> runs, List<RunRow> twins,
      double untriggeredAskedAt) {
    Map<Long, RunRow> twinBySeed = new java.util.HashMap<>();
    twins.forEach(t -> twinBySeed.put(t.seed(), t));
    List<RunRow> sorted = new ArrayList<>(runs);
    sorted.sort(Comparator.comparingLong(RunRow::seed));
    List<Boolean> isDown = new ArrayList<>();
    int down = 0;
    for (RunRow r : sorted) {
      double at = r.trigger() == null ? untriggeredAskedAt : r.trigger().endS() + DownLater.LATER_S;
      boolean d = DownLater.downAt(r, r.trigger() == null ? null : twinBySeed.get(r.seed()), at);
      isDown.add(d);
      down += d ? 1 : 0;
    }
    Share share = Share.of(down, sorted.size());
    boolean side = share.share() >= HALF;
    int rep = Math.max(0, isDown.indexOf(side));
    double met = sorted.stream().mapToDouble(r -> r.metrics().metShare()).average().orElse(Double.NaN);
    long late = sorted.stream().mapToLong(r -> r.metrics().late()).sum();
    long settled = sorted.stream().mapToLong(r -> r.metrics().met() + r.metrics().late()).sum();
    return new Cell(load, size, share, sorted.stream().map(RunRow::seed).toList(), sorted.get(rep).seed(),
        isDown.get(rep), met, settled == 0 ? Double.NaN : (double) late / settled);
  }

  /** The trigger of a cell's runs (null for size 0, the untriggered row). */
  public Trigger trigger(double size) {
    return size == 0 ? null : new Trigger(kind, Trigger.STUDY_AT_S, durationS, size);
  }
}
