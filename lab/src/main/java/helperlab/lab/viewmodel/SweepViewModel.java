package helperlab.lab.viewmodel;

import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.RunRecord;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicyCatalog;
import helperlab.runs.RunRecords;
import helperlab.runs.SweepRuns;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.study.RunRow;
import helperlab.study.ScenarioFiles;
import helperlab.study.SpawnCostCurves;
import helperlab.study.Sweep;
import helperlab.study.SweepOutput;
import helperlab.study.SweepPlan;
import helperlab.study.SweepSummary;
import helperlab.workload.ScenarioSpec;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyDoubleProperty;
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
 * The sweep: run one in the background (progress, cancel) or open a sweep's output; a heat map of
 * deadline-met share by policy × scenario for the chosen machine and a table with 95% intervals.
 * Opening a cell simulates that run (recorded) and hands it to the timeline. A sweep with the
 * spawn-cost study also has its breakeven chart ({@link BreakevenViewModel}).
 */
public final class SweepViewModel {
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);

  private final BackgroundWork work;
  private final RunLibrary library;
  private Consumer<RunRecord> opener = r -> { };

  private final StringProperty scenarios = new SimpleStringProperty(String.join(",", ScenarioSpec.BUILT_IN));
  private final StringProperty policies = new SimpleStringProperty(String.join(",", PolicyCatalog.ids()));
  private final StringProperty machines = new SimpleStringProperty(String.join(",", MachineSpec.BUILT_IN));
  private final IntegerProperty seeds = new SimpleIntegerProperty(3);
  private final ObjectProperty<Path> outputDir = new SimpleObjectProperty<>();

  private final BooleanProperty running = new SimpleBooleanProperty();
  private final DoubleProperty progress = new SimpleDoubleProperty();
  private final StringProperty progressText = new SimpleStringProperty("");
  private final ObjectProperty<Path> shown = new SimpleObjectProperty<>();

  private final ObservableList<SummaryRow> rows = FXCollections.observableArrayList();
  private final ObservableList<String> machineChoices = FXCollections.observableArrayList();
  private final StringProperty machine = new SimpleStringProperty();
  private final ObservableList<String> heatPolicies = FXCollections.observableArrayList();
  private final ObservableList<String> heatScenarios = FXCollections.observableArrayList();
  private final IntegerProperty openSeed = new SimpleIntegerProperty(0);
  private final BreakevenViewModel breakeven = new BreakevenViewModel();
  private final PhaseViewModel phase = new PhaseViewModel(this::openPhaseRun, this::openPriceRun);
  private volatile Sweep current;

  public SweepViewModel(BackgroundWork work, RunLibrary library) {
    this.work = work;
    this.library = library;
  }

  /** Where an opened cell's run goes (the timeline). */
  public void setOpener(Consumer<RunRecord> opener) {
    this.opener = opener;
  }

  /** How many runs {@link #plan()} makes; throws as it does, naming the bad entry. */
  public int plannedRuns() {
    return plan().runCount();
  }

  /** Simulates a heat-map cell's run (edf-fit admission, the chosen machine and seed) and opens it. */
  public void openHeatRun(String policy, String scenario) {
    openRun(policy, scenario, machine.get(), AdmissionMode.EDF_FIT.id());
  }

  /** The plan from the chosen lists and seed count; throws naming the bad entry. */
  public SweepPlan plan() {
    return new SweepPlan(split(scenarios.get()), split(policies.get()), split(machines.get()), seeds.get(), true);
  }

  private static List<String> split(String s) {
    return Arrays.stream(s == null ? new String[0] : s.split(",")).map(String::trim).filter(x -> !x.isEmpty())
        .collect(Collectors.toList());
  }

  /** Runs the sweep in the background, writes its output, then shows it. */
  public CompletableFuture<List<RunRow>> run() {
    if (running.get()) {
      return CompletableFuture.failedFuture(new IllegalStateException("a sweep is already running"));
    }
    SweepPlan plan;
    try {
      plan = plan();
    } catch (IllegalArgumentException e) {
      work.notices().error("Cannot run the sweep: " + e.getMessage());
      return CompletableFuture.failedFuture(e);
    }
    // into the lab's home (where the history is), never the runs folder: that may be the sample runs the lab
    // unpacked, or a checkout's committed lab-runs (issue 44)
    Path out = outputDir.get() != null ? outputDir.get() : library.historyDir().toAbsolutePath().getParent()
        .resolve("sweeps").resolve("sweep-" + LocalDateTime.now().format(STAMP));
    int total = plan.runCount();
    Sweep sweep = new Sweep(plan, Calibration.defaults());
    current = sweep;
    running.set(true);
    SweepProgress shown = new SweepProgress(total, work.ui(), progress, progressText);
    int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
    CompletableFuture<List<RunRow>> f = work.run("The sweep failed", () -> {
      long start = System.nanoTime();
      List<RunRow> result = sweep.run(threads, shown::done);
      SweepOutput.write(out, result, plan, Calibration.defaults());
      double s = (System.nanoTime() - start) / 1e9;
      work.ui().execute(() -> work.notices().info(String.format(Locale.ROOT, "Sweep of %d runs took %.1f s; wrote %s",
          result.size(), s, out)));
      return result;
    }, result -> show(out, result));
    f.whenComplete((r, e) -> work.ui().execute(() -> {
      running.set(false);
      current = null;
      if (e != null && isCancel(e)) {
        progressText.set("cancelled");
      }
    }));
    return f;
  }

  private static boolean isCancel(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof CancellationException) {
        return true;
      }
    }
    return false;
  }

  public void cancel() {
    Sweep s = current;
    if (s != null) {
      s.cancel();
    }
  }

  /** Opens a sweep's output directory (its runs.jsonl or runs.jsonl.gz), with progress while it loads. */
  public CompletableFuture<List<RunRow>> open(Path dir) {
    progress.set(0);
    progressText.set("reading " + dir.getFileName() + "…");
    return work.run("Cannot open sweep output", () -> SweepRuns.read(dir, share -> work.ui().execute(() -> {
      progress.set(share);
      progressText.set(String.format(Locale.ROOT, "reading %s: %.0f %%", dir.getFileName(), 100 * share));
    })), r -> {
      progress.set(1);
      show(dir, r);
    }).whenComplete((r, e) -> {
      if (e != null) { // on the UI thread, after the last progress report: the bar must not say the read went through
        progress.set(0);
        progressText.set("could not open " + dir.getFileName() + (shown.get() == null ? ""
            : "; still showing " + shown.get().getFileName()));
      }
    });
  }

  private void show(Path dir, List<RunRow> result) {
    SweepSummary summary = SweepSummary.of(result);
    List<SummaryRow> list = new ArrayList<>();
    Set<String> ms = new LinkedHashSet<>();
    Set<String> ps = new LinkedHashSet<>();
    Set<String> ss = new LinkedHashSet<>();
    for (SweepSummary.Cell c : summary.cells()) {
      list.add(SummaryRow.of(c));
      ms.add(c.machine());
      if (AdmissionMode.EDF_FIT.id().equals(c.admission())) {
        ps.add(c.policy());
        ss.add(c.scenario());
      }
    }
    rows.setAll(list);
    heatPolicies.setAll(ps);
    heatScenarios.setAll(ss);
    machineChoices.setAll(ms);
    if (machine.get() == null || !ms.contains(machine.get())) {
      machine.set(ms.contains("cage") ? "cage" : ms.iterator().next());
    }
    breakeven.show(SpawnCostCurves.of(result));
    phase.show(helperlab.study.phase.diagram.PhaseDiagram.of(result),
        helperlab.study.phase.diagram.PriceMap.of(result));
    shown.set(dir);
    progressText.set(result.size() + " runs from " + dir);
  }

  /** The met share (edf-fit admission) of a heat-map cell on the chosen machine, if the sweep has it. */
  public Optional<Estimate> metShare(String policy, String scenario) {
    for (SummaryRow r : rows) {
      if (r.policy().equals(policy) && r.scenario().equals(scenario) && r.machine().equals(machine.get())
          && AdmissionMode.EDF_FIT.id().equals(r.admission())) {
        return Optional.of(r.metShare());
      }
    }
    return Optional.empty();
  }

  /** Simulates that cell's run on the chosen seed (recorded), saves it to the history and opens it. */
  public CompletableFuture<RunRecord> openRun(String policy, String scenario, String machineName, String admissionId) {
    long seed = openSeed.get();
    return work.run("Cannot open the run of " + policy + " on " + scenario, () -> {
      SimSetup setup = SimSetup.of(ScenarioFiles.named(scenario), policy, MachineSpec.named(machineName), seed,
          AdmissionMode.of(admissionId), Calibration.defaults(), true);
      return RunRecords.fromSimulation(new Simulation(setup).run());
    }, r -> {
      library.addToHistory(r);
      opener.accept(r);
    });
  }

  /**
   * Simulates a phase cell's representative run (its load, its trigger, the lowest seed on the cell's side of
   * one half), recorded, saves it to the history and opens it in Live/Runs as a heat-map cell's run opens.
   */
  public CompletableFuture<RunRecord> openPhaseRun(helperlab.study.phase.diagram.PhaseDiagram d,
      helperlab.study.phase.diagram.PhaseDiagram.Cell cell) {
    return work.run("Cannot open the phase run of " + d.policy() + " at load " + cell.load(),
        () -> PhaseRuns.of(d, cell), r -> {
      library.addToHistory(r);
      opener.accept(r);
    });
  }

  /**
   * Simulates a price-map cell's representative run (its load, no trigger, a helper's start at the cell's price:
   * the machine's spawn and warm-up CPU and a fresh worker's slower first images moved by one factor, as the study
   * ran it), recorded, saves it to the history and opens it.
   */
  public CompletableFuture<RunRecord> openPriceRun(helperlab.study.phase.diagram.PriceMap m,
      helperlab.study.phase.diagram.PriceMap.Cell cell) {
    return work.run("Cannot open the price-map run of " + m.policy() + " at load " + cell.load(),
        () -> PhaseRuns.of(m, cell), r -> {
      library.addToHistory(r);
      opener.accept(r);
    });
  }

  /** The phase study's diagrams of the sweep shown. */
  public PhaseViewModel phase() {
    return phase;
  }

  // ---- properties -------------------------------------------------------------------------------

  public StringProperty scenariosProperty() {
    return scenarios;
  }

  public StringProperty policiesProperty() {
    return policies;
  }

  public StringProperty machinesProperty() {
    return machines;
  }

  public IntegerProperty seedsProperty() {
    return seeds;
  }

  public ObjectProperty<Path> outputDirProperty() {
    return outputDir;
  }

  public ReadOnlyBooleanProperty runningProperty() {
    return running;
  }

  public ReadOnlyDoubleProperty progressProperty() {
    return progress;
  }

  public ReadOnlyStringProperty progressTextProperty() {
    return progressText;
  }

  /** The directory whose results are shown. */
  public ObjectProperty<Path> shownProperty() {
    return shown;
  }

  public ObservableList<SummaryRow> rows() {
    return rows;
  }

  public ObservableList<String> machineChoices() {
    return machineChoices;
  }

  /** The machine the heat map shows. */
  public StringProperty machineProperty() {
    return machine;
  }

  public ObservableList<String> heatPolicies() {
    return heatPolicies;
  }

  public ObservableList<String> heatScenarios() {
    return heatScenarios;
  }

  /** The spawn-cost study's breakeven chart of the sweep shown. */
  public BreakevenViewModel breakeven() {
    return breakeven;
  }

  /** The seed a clicked cell's run is simulated with. */
  public IntegerProperty openSeedProperty() {
    return openSeed;
  }
}
