package helperlab.lab.viewmodel;

import helperlab.charts.PlottedRun;
import helperlab.model.RunRecord;
import helperlab.policy.AdmissionMode;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Two runs of the same tasks on the same axes (two policies on one seed, or a simulated run and its
 * real counterpart) and a table of their differences. Step through seeds: each side is taken from a
 * stored record of that seed when there is one, else simulated (simulated runs only; {@link OverlayRuns}).
 */
public final class CompareViewModel {
  private final BackgroundWork work;
  private final RunLibrary library;
  private final OwnPolicies policies;
  private final OverlayRuns runs;

  private final StringProperty policyA = new SimpleStringProperty("pool-edf-10");
  private final StringProperty policyB = new SimpleStringProperty("box");
  private final StringProperty scenario = new SimpleStringProperty("calm");
  private final StringProperty machine = new SimpleStringProperty("cage");
  private final StringProperty admission = new SimpleStringProperty(AdmissionMode.EDF_FIT.id());
  private final LongProperty seed = new SimpleLongProperty();
  private final ObjectProperty<RunRecord> runA = new SimpleObjectProperty<>();
  private final ObjectProperty<RunRecord> runB = new SimpleObjectProperty<>();
  private final ObservableList<Difference> differences = FXCollections.observableArrayList();
  private final BooleanProperty busy = new SimpleBooleanProperty();
  private final ObjectProperty<List<PlottedRun>> plotted = new SimpleObjectProperty<>(List.of());
  private final BooleanProperty uncalibratedB = new SimpleBooleanProperty();
  private final ObservableList<RecordedPair> recordedPairs = FXCollections.observableArrayList();
  private final ObjectProperty<RecordedPair> recordedPair = new SimpleObjectProperty<>();
  /** Whether ◀ and ▶ have a seed to go to (a recorded pair's seeds end; simulated ones start at 0). */
  private final BooleanProperty lowerSeed = new SimpleBooleanProperty(true);
  private final BooleanProperty higherSeed = new SimpleBooleanProperty(true);
  /** The recorded pair on screen, when the overlay is one (seeds then step through recorded pairs). */
  private RecordedPair shownPair;

  public CompareViewModel(BackgroundWork work, RunLibrary library) {
    this(work, library, new OwnPolicies());
  }

  /** @param policies the policies to offer: the built-ins and the user's own (opened in Live, or made in its form) */
  public CompareViewModel(BackgroundWork work, RunLibrary library, OwnPolicies policies) {
    this.work = work;
    this.library = library;
    this.policies = policies;
    this.runs = new OverlayRuns(library, policies);
    library.entries().addListener((javafx.collections.ListChangeListener<RunEntry>) c -> listRecordedPairs());
    listRecordedPairs();
  }

  private void listRecordedPairs() {
    RecordedPair chosen = recordedPair.get();
    recordedPairs.setAll(RunPairs.among(library.entries()));
    recordedPair.set(chosen != null && recordedPairs.contains(chosen) ? chosen
        : recordedPairs.isEmpty() ? null : recordedPairs.get(0));
  }

  /**
   * Overlays the chosen recorded pair: a real run (A) and its replay or its second recording (B), as
   * recorded, nothing simulated. Two recordings that did not play the same tasks are refused.
   */
  public CompletableFuture<List<RunRecord>> compareRecorded() {
    RecordedPair p = recordedPair.get();
    if (p == null) {
      work.notices().error("Cannot compare: there is no real run with a replay or a second recording in the runs"
          + " folder or the history");
      return CompletableFuture.failedFuture(new IllegalStateException("no recorded pair"));
    }
    return compare(p);
  }

  /** Overlays a run and its replay (or its run, for a replay) from the list; says so when it has none. */
  public CompletableFuture<List<RunRecord>> compareWithItsPair(RunEntry e) {
    Optional<RecordedPair> p = RunPairs.pairOf(e, library.entries());
    if (p.isEmpty()) {
      work.notices().error("Cannot compare " + e.name() + ": " + (e.kind() == RunEntry.Kind.REPLAY
          ? "the run it replays is not in the list" : "it has no replay in the list (replays are saved beside"
          + " real runs as <run>-replay)"));
      return CompletableFuture.failedFuture(new IllegalStateException("no pair"));
    }
    recordedPair.set(p.get());
    return compare(p.get());
  }

  private CompletableFuture<List<RunRecord>> compare(RecordedPair p) {
    busy.set(true);
    CompletableFuture<List<RunRecord>> f = work.run("Cannot compare " + p, () -> runs.loadPair(p), pair -> {
      overlay(pair.get(0), pair.get(1));
      shownPair = p;
      recordedPair.set(p); // the "or recorded" list follows the seed stepped to
      List<RecordedPair> pairs = List.copyOf(recordedPairs);
      work.run("Cannot list the recorded seeds", () -> RecordedSeeds.around(p, pair.get(0), pairs, library), ends -> {
        if (shownPair == p) {
          lowerSeed.set(ends[0]);
          higherSeed.set(ends[1]);
        }
      });
    });
    f.whenComplete((r, e) -> work.ui().execute(() -> busy.set(false)));
    return f;
  }

  /** Runs (or finds) policy A and policy B on the chosen scenario, machine, seed and admission, and overlays them. */
  public CompletableFuture<List<RunRecord>> compare() {
    OverlaySide a = new OverlaySide("sim", policyA.get(), scenario.get(), machine.get(), seed.get(), admission.get(),
        null);
    OverlaySide b = new OverlaySide("sim", policyB.get(), scenario.get(), machine.get(), seed.get(), admission.get(),
        null);
    return load(a, b);
  }

  /** Overlays two given runs; the chooser takes A's scenario, machine, seed and admission. */
  public void overlay(RunRecord a, RunRecord b) {
    shownPair = null;
    lowerSeed.set(a.seed() > 0);
    higherSeed.set(true);
    policies.addCarriedBy(a); // a user's policy a record carries is offered in the lists too
    policies.addCarriedBy(b);
    policyA.set(a.policy());
    policyB.set(b.policy());
    scenario.set(a.scenario());
    machine.set(a.machine().name());
    seed.set(a.seed());
    admission.set(a.admission());
    show(a, b);
  }

  /**
   * The same two runs on the seed {@code delta} away (from stored records where there are, else simulated); a
   * recorded pair steps to the recorded pair of the nearest seed that way. The seed box changes with the charts,
   * only once the runs are there.
   */
  public CompletableFuture<List<RunRecord>> stepSeed(int delta) {
    RunRecord a = runA.get();
    RunRecord b = runB.get();
    RecordedPair pair = shownPair;
    if (pair != null && a != null) {
      List<RecordedPair> pairs = List.copyOf(recordedPairs);
      CompletableFuture<List<RunRecord>> shown = new CompletableFuture<>();
      busy.set(true);
      work.run("Cannot step to the next seed", () -> RecordedSeeds.next(pair, a, delta, pairs, library),
          p -> compare(p).whenComplete((r, e) -> {
            if (e != null) {
              shown.completeExceptionally(e);
            } else {
              shown.complete(r);
            }
          })).whenComplete((p, e) -> {
            if (e != null) {
              busy.set(false); // on the UI thread: the failure was just said there
              shown.completeExceptionally(e);
            }
          });
      return shown;
    }
    long next = Math.max(0, seed.get() + delta);
    if (a == null || b == null) {
      long was = seed.get();
      seed.set(next);
      return compare().whenComplete((r, e) -> {
        if (e != null) {
          work.ui().execute(() -> seed.set(was));
        }
      });
    }
    return load(OverlaySide.like(a, next), OverlaySide.like(b, next));
  }

  private CompletableFuture<List<RunRecord>> load(OverlaySide a, OverlaySide b) {
    busy.set(true);
    CompletableFuture<List<RunRecord>> f = work.run("Cannot compare", () -> List.of(runs.get(a), runs.get(b)), ab -> {
      seed.set(a.seed());
      shownPair = null;
      lowerSeed.set(a.seed() > 0); // simulated runs go on up; seeds start at 0
      higherSeed.set(true);
      show(ab.get(0), ab.get(1));
    });
    f.whenComplete((r, e) -> work.ui().execute(() -> busy.set(false)));
    return f;
  }

  private void show(RunRecord a, RunRecord b) {
    runA.set(a);
    runB.set(b);
    PlottedRun pa = PlottedRun.of(a);
    PlottedRun pb = PlottedRun.of(b);
    if (pa.label().equals(pb.label())) {
      pb = new PlottedRun(pb.label() + " (B)", pb.samples(), pb.memoryLimitMb());
    }
    // a replay on the seed's placeholder calibration says nothing about the cage: labelled so (and drawn grey)
    boolean uncalibrated = uncalibratedReplay(b);
    if (uncalibrated) {
      pb = new PlottedRun(pb.label() + " (uncalibrated, not a comparison)", pb.samples(), pb.memoryLimitMb());
    }
    uncalibratedB.set(uncalibrated);
    plotted.set(List.of(pa, pb));
    differences.setAll(Difference.between(a.metrics(), b.metrics()));
  }

  public StringProperty policyAProperty() {
    return policyA;
  }

  public StringProperty policyBProperty() {
    return policyB;
  }

  public StringProperty scenarioProperty() {
    return scenario;
  }

  public StringProperty machineProperty() {
    return machine;
  }

  public StringProperty admissionProperty() {
    return admission;
  }

  public LongProperty seedProperty() {
    return seed;
  }

  public ReadOnlyObjectProperty<RunRecord> runAProperty() {
    return runA;
  }

  public ReadOnlyObjectProperty<RunRecord> runBProperty() {
    return runB;
  }

  /** A then B, as the charts draw them (B dashed). Empty before the first comparison. */
  public ReadOnlyObjectProperty<List<PlottedRun>> plottedProperty() {
    return plotted;
  }

  /** A's and B's keys ("A: " and its label; ids of one set differ only at their end); empty with nothing drawn. */
  public List<RunKey> keys() {
    List<PlottedRun> p = plotted.get();
    return p.isEmpty() ? List.of() : List.of(new RunKey("A: " + p.get(0).label(), runA.get().id()),
        new RunKey("B: " + p.get(1).label(), runB.get().id()));
  }

  /** A's and B's triggers (each window once), as the charts shade them. */
  public List<TriggerWindow> triggerWindows() {
    return TriggerWindow.ofRecords(java.util.stream.Stream.of(runA.get(), runB.get()).filter(r -> r != null).toList());
  }

  public ObservableList<Difference> differences() {
    return differences;
  }

  /** A replay made without a calibration measured on a cage. */
  static boolean uncalibratedReplay(RunRecord r) {
    return RunRecord.KIND_REPLAY.equals(r.kind()) && !r.calibration().measuredOnACage();
  }

  /** True when B is a replay on the placeholder calibration (set before {@link #plottedProperty()} changes). */
  public ReadOnlyBooleanProperty uncalibratedBProperty() {
    return uncalibratedB;
  }

  /** The real runs with their replays, then the runs recorded twice, in the runs folder and the history. */
  public ObservableList<RecordedPair> recordedPairs() {
    return recordedPairs;
  }

  public ObjectProperty<RecordedPair> recordedPairProperty() {
    return recordedPair;
  }

  /** False when ◀ has no seed to go to: at seed 0, or at a recorded pair's lowest seed. */
  public ReadOnlyBooleanProperty lowerSeedProperty() {
    return lowerSeed;
  }

  /** False when ▶ has no seed to go to: at a recorded pair's highest seed. */
  public ReadOnlyBooleanProperty higherSeedProperty() {
    return higherSeed;
  }

  /** The policies A and B may be: the built-ins, then the user's own, shared with the Live view. */
  public ObservableList<String> policyIds() {
    return policies.ids();
  }

  public ReadOnlyBooleanProperty busyProperty() {
    return busy;
  }
}
