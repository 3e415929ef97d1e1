package helperlab.lab.viewmodel;

import helperlab.charts.ChartKind;
import helperlab.charts.PlottedRun;
import helperlab.model.RunRecord;
import helperlab.model.UserDirs;
import helperlab.runs.SweepRuns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The whole lab without a window: the views' models, the run library, notices, theme, the chosen
 * view, export of what is on screen ({@link OnScreenExport}), and the settings remembered between
 * sessions ({@link RememberedChoices} holds the views' choices).
 */
public final class MainViewModel {
  private final LabConfig config;
  private final Notices notices = new Notices();
  private final BackgroundWork work;
  private final RunLibrary library;
  private final RunListFilter runFilter;
  private final LiveViewModel live;
  private final TimelineViewModel timeline = new TimelineViewModel();
  private final CompareViewModel compare;
  private final SweepViewModel sweep;
  private final RemoteViewModel remote;
  private final SourceTitle sourceTitle;
  private final ObjectProperty<Theme> theme = new SimpleObjectProperty<>(Theme.LIGHT);
  private final ObjectProperty<LabView> view = new SimpleObjectProperty<>(LabView.LIVE);
  private final LabPrefs prefs;
  private final IntegerProperty chartColumns = new SimpleIntegerProperty(0);
  private final DoubleProperty runsDivider = new SimpleDoubleProperty(0.66);
  private final SampleSet samples;
  private final RememberedChoices choices;
  private final OnScreenExport onScreen;
  /** No runs folder here and none remembered: the sample runs are listed (see {@link SampleSet}). */
  private boolean listSamples;

  public MainViewModel(LabConfig config, Executor ui) {
    this.config = config;
    this.work = new BackgroundWork(ui, notices);
    this.library = new RunLibrary(work, config.runsDir(), config.historyDir());
    this.runFilter = new RunListFilter(library.entries());
    LabPrefs p;
    try {
      p = LabPrefs.load(config.prefsFile());
    } catch (Exception e) {
      p = new LabPrefs();
      notices.error(e.getMessage());
    }
    this.prefs = p;
    this.samples = new SampleSet(config.home());
    sayWhenAnOldHomeIsLeftAside();
    rememberTheRunsFolder(p);
    this.live = new LiveViewModel(config.source(), library, notices, ui, RememberedChoices.liveSettings(p),
        RememberedChoices.liveSpeed(p));
    this.remote = new RemoteViewModel(library, notices, ui, p);
    this.sourceTitle = new SourceTitle(live.sourceName(), remote.cageProperty());
    this.compare = new CompareViewModel(work, library, live.policies());
    this.sweep = new SweepViewModel(work, library);
    sweep.setOpener(this::showRun);
    this.choices = new RememberedChoices(p, live, compare, timeline, sweep, library);
    this.onScreen = new OnScreenExport(view, live, timeline, compare, remote, work, p);
    theme.set(Theme.of(p.theme));
    view.set(RememberedChoices.enumOr(LabView.class, p.view, LabView.LIVE));
    choices.restore();
    chartColumns.set(p.chartColumns >= 0 && p.chartColumns <= 3 ? p.chartColumns : 0);
    runsDivider.set(p.runsDivider > 0.2 && p.runsDivider < 0.95 ? p.runsDivider : 0.66);
  }

  /** Lists the runs folder and history (call once the window is up). */
  public void start() {
    if (listSamples) {
      work.run("Cannot unpack the sample runs into " + samples.runsDir(), samples::unpack,
          n -> library.folderProperty().set(samples.runsDir()));
    } else {
      library.refresh();
    }
  }

  /** The sweep committed with the lab, opened when the Sweep view has nothing else to show. */
  public static final Path COMMITTED_SWEEP = Path.of("docs", "sweep");

  /**
   * When the Sweep view is first shown with no sweep in it: opens the sweep shown last time, else the one
   * committed in {@code docs/sweep} (when the lab runs from its checkout), else the sample sweep the lab carries.
   */
  public void openDefaultSweep() {
    if (sweep.shownProperty().get() != null || sweep.runningProperty().get()) {
      return;
    }
    Path last = prefs.lastSweepDir == null ? null : Path.of(prefs.lastSweepDir);
    for (Path dir : new Path[] {last, COMMITTED_SWEEP}) {
      if (dir != null && Files.exists(SweepRuns.runsFile(dir))) {
        sweep.open(dir);
        return;
      }
    }
    // away from the checkout: the sweep the lab carries
    Path sample = samples.sweepDir();
    work.run("Cannot unpack the sample sweep into " + sample, samples::unpack, n -> {
      if (sweep.shownProperty().get() == null && !sweep.runningProperty().get()
          && Files.exists(SweepRuns.runsFile(sample))) {
        sweep.open(sample);
      }
    });
  }

  /** Opens a run record file in the timeline (the Runs view). */
  public CompletableFuture<RunRecord> openRunFile(Path file) {
    return library.open(file, this::showRun);
  }

  /** Shows a run in the timeline and switches to it. */
  public void showRun(RunRecord r) {
    timeline.open(r);
    view.set(LabView.RUNS);
  }

  /** Overlays the run open in the timeline with another file's run, in the Compare view. */
  public CompletableFuture<RunRecord> overlayWith(Path file) {
    RunRecord a = timeline.recordProperty().get();
    if (a == null) {
      notices.error("Open a run first, then choose the run to overlay it with");
      return CompletableFuture.failedFuture(new IllegalStateException("no run open"));
    }
    return library.open(file, b -> {
      compare.overlay(a, b);
      view.set(LabView.COMPARE);
    });
  }

  /** The runs on screen in the chosen view (live: a snapshot of the run so far). */
  public List<PlottedRun> runsOnScreen() {
    return onScreen.runsOnScreen();
  }

  /**
   * Exports a chart (or all, when {@code kind} is null) of what is on screen to {@code out}: PNG, SVG
   * or CSV from the extension. Runs in the background; the result is a notice.
   */
  public CompletableFuture<Path> export(ChartKind kind, Path out, int width, int height) {
    return onScreen.export(kind, out, width, height);
  }

  /** Where an export is offered: the folder of the last one, else the user's home (never the working directory). */
  public Path exportFolder() {
    return onScreen.exportFolder();
  }

  /** What Help → About says: the build, and where the lab keeps its settings, history and known hosts. */
  public List<String[]> about() {
    return new AboutLines(config, prefs, library).lines();
  }

  /**
   * The runs folder chosen last time comes back when the lab starts on the default one; a folder chosen now is
   * remembered at close.
   */
  private void rememberTheRunsFolder(LabPrefs p) {
    boolean onDefault = config.runsDir().equals(Path.of(helperlab.runs.RunStore.DEFAULT_DIR));
    if (p.runsFolder != null && onDefault && Files.isDirectory(Path.of(p.runsFolder))) {
      library.folderProperty().set(Path.of(p.runsFolder));
    } else if (onDefault && !Files.isDirectory(config.runsDir())) {
      listSamples = true; // a first start away from a checkout: the samples rather than an empty list
    }
    library.folderProperty().addListener((o, a, b) -> {
      if (b != null && !b.equals(samples.runsDir())) { // the samples are a stand-in, not a choice
        prefs.runsFolder = b.toAbsolutePath().toString();
      }
    });
  }

  /**
   * An older lab home that is no longer used (settings kept in ~/.helper-lab before XDG_CONFIG_HOME was honoured)
   * is said once at start rather than picked up or dropped without a word.
   */
  private void sayWhenAnOldHomeIsLeftAside() {
    UserDirs dirs = UserDirs.current();
    Path classic = dirs.classicLabHome();
    if (config.home().equals(dirs.labHome()) && !classic.equals(dirs.labHome())
        && Files.isDirectory(classic) && !Files.exists(config.prefsFile())) {
      notices.info("Settings and history are kept in " + config.home() + " ($XDG_CONFIG_HOME); the older " + classic
          + " is not used: move its lab.json and history there to keep them");
    }
  }

  /** Remembers the window and the choices made (call when the window closes). */
  public void savePrefs(double x, double y, double w, double h, boolean maximized) {
    LabPrefs p = prefs;
    p.windowX = x;
    p.windowY = y;
    p.windowWidth = w;
    p.windowHeight = h;
    p.maximized = maximized;
    p.theme = theme.get().id();
    p.view = view.get().name();
    choices.remember();
    p.chartColumns = chartColumns.get();
    p.runsDivider = runsDivider.get();
    try {
      p.save(config.prefsFile());
    } catch (Exception e) {
      notices.error("Cannot save the lab's settings to " + config.prefsFile() + ": " + e.getMessage());
    }
  }

  public void shutdown() {
    live.shutdown();
    remote.shutdown();
    sweep.cancel();
    work.shutdown();
  }

  public LabConfig config() {
    return config;
  }

  public LabPrefs prefs() {
    return prefs;
  }

  public Notices notices() {
    return notices;
  }

  public BackgroundWork work() {
    return work;
  }

  public RunLibrary library() {
    return library;
  }

  /** What the Runs list shows of the library. */
  public RunListFilter runFilter() {
    return runFilter;
  }

  public LiveViewModel live() {
    return live;
  }

  public TimelineViewModel timeline() {
    return timeline;
  }

  public CompareViewModel compare() {
    return compare;
  }

  public SweepViewModel sweep() {
    return sweep;
  }

  /** The window's title and status bar source: the simulator, or the cage while connected to one. */
  public SourceTitle sourceTitle() {
    return sourceTitle;
  }

  public RemoteViewModel remote() {
    return remote;
  }

  /** Chart columns in every view: 1, 2 or 3; 0 lets each view choose for its size. */
  public IntegerProperty chartColumnsProperty() {
    return chartColumns;
  }

  /** Runs view: the share of the height the charts take above the event list (the divider the user drags). */
  public DoubleProperty runsDividerProperty() {
    return runsDivider;
  }

  public ObjectProperty<Theme> themeProperty() {
    return theme;
  }

  public ObjectProperty<LabView> viewProperty() {
    return view;
  }
}
