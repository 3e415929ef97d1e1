package helperlab.lab.viewmodel;

import helperlab.charts.ChartKind;
import helperlab.charts.LiveSamples;
import helperlab.charts.PlottedRun;
import helperlab.charts.RecordedSamples;
import helperlab.charts.export.ChartExport;
import helperlab.charts.export.ExportFormat;
import helperlab.charts.style.ChartTheme;
import helperlab.model.UserDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import javafx.beans.value.ObservableValue;

/** The export of what is on screen in the chosen view: its runs (live ones as a snapshot) as PNG, SVG or CSV. */
final class OnScreenExport {
  private final ObservableValue<LabView> view;
  private final LiveViewModel live;
  private final TimelineViewModel timeline;
  private final CompareViewModel compare;
  private final RemoteViewModel remote;
  private final BackgroundWork work;
  private final LabPrefs prefs;

  OnScreenExport(ObservableValue<LabView> view, LiveViewModel live, TimelineViewModel timeline,
      CompareViewModel compare, RemoteViewModel remote, BackgroundWork work, LabPrefs prefs) {
    this.view = view;
    this.live = live;
    this.timeline = timeline;
    this.compare = compare;
    this.remote = remote;
    this.work = work;
    this.prefs = prefs;
  }

  /** The runs on screen in the chosen view (live: a snapshot of the run so far). */
  List<PlottedRun> runsOnScreen() {
    List<PlottedRun> runs = new ArrayList<>();
    switch (view.getValue()) {
      case LIVE -> {
        PlottedRun p = live.plotted();
        if (p != null && p.samples() instanceof LiveSamples s) {
          runs.add(new PlottedRun(p.label(), new RecordedSamples(s.toSamples()), p.memoryLimitMb()));
        }
      }
      case RUNS -> {
        PlottedRun p = timeline.plottedProperty().get();
        if (p != null) {
          runs.add(p);
        }
      }
      case COMPARE -> runs.addAll(compare.plottedProperty().get());
      case SWEEP -> {
        // the sweep view has no time charts
      }
      case REMOTE -> {
        for (PlottedRun p : remote.plotted()) {
          if (p.samples() instanceof LiveSamples s) {
            runs.add(new PlottedRun(p.label(), new RecordedSamples(s.toSamples()), p.memoryLimitMb()));
          }
        }
      }
    }
    return runs;
  }

  /**
   * Exports a chart (or all, when {@code kind} is null) of what is on screen to {@code out}: PNG, SVG
   * or CSV from the extension. Runs in the background; the result is a notice.
   */
  CompletableFuture<Path> export(ChartKind kind, Path out, int width, int height) {
    List<PlottedRun> runs = runsOnScreen();
    LabView shown = view.getValue();
    if (runs.isEmpty()) {
      String why = shown == LabView.SWEEP ? "the Sweep view has no time charts; export from Live, Runs or Compare"
          : "there is no run on screen in the " + shown.title() + " view yet";
      work.notices().error("Nothing to export: " + why);
      return CompletableFuture.failedFuture(new IllegalStateException(why));
    }
    double cursor = shown == LabView.RUNS ? timeline.cursorProperty().get() : Double.NaN;
    ChartExport.Request request;
    try {
      ExportFormat.of(out);
      request = new ChartExport.Request(kind, runs, width, height, ChartTheme.LIGHT, cursor);
    } catch (IllegalArgumentException e) {
      work.notices().error("Cannot export: " + e.getMessage());
      return CompletableFuture.failedFuture(e);
    }
    return work.run("Cannot export to " + out, () -> {
      ChartExport.write(request, out);
      return out;
    }, p -> {
      prefs.exportFolder = p.toAbsolutePath().getParent().toString();
      work.notices().info("Exported " + (kind == null ? "all charts" : kind.title()) + " to " + p.toAbsolutePath());
    });
  }

  /** Where an export is offered: the folder of the last one, else the user's home (never the working directory). */
  Path exportFolder() {
    String last = prefs.exportFolder;
    return last != null && Files.isDirectory(Path.of(last)) ? Path.of(last) : UserDirs.current().home();
  }
}
