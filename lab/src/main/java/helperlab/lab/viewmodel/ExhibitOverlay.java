package helperlab.lab.viewmodel;

import helperlab.charts.LiveSamples;
import helperlab.charts.PlottedRun;
import helperlab.charts.RecordedSamples;
import helperlab.lab.live.LiveRun;
import helperlab.lab.remote.RemoteRun;
import helperlab.lab.remote.CageStatus;
import helperlab.model.RunRecord;
import helperlab.runs.Replay;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * An exhibit as the charts draw it: the cage's run, the simulator's live replay beside it, the link's
 * gaps, and once the record is in, the exact replay that takes the live one's place.
 */
final class ExhibitOverlay {
  private final Executor ui;
  private final RunLibrary library;
  private final CageLink link;
  private final LiveViewModel exhibit;
  private final ObjectProperty<RunRecord> replay = new SimpleObjectProperty<>();
  private final StringProperty linkText = new SimpleStringProperty("");

  ExhibitOverlay(Executor ui, RunLibrary library, CageLink link, LiveViewModel exhibit) {
    this.ui = ui;
    this.library = library;
    this.link = link;
    this.exhibit = exhibit;
    exhibit.runProperty().addListener((o, a, b) -> replay.set(null));
    exhibit.lastRecordProperty().addListener((o, a, b) -> replayExactly(b));
  }

  /**
   * When an exhibit's record is in, the live overlay (seed calibration, the simulator's images) is
   * replaced by the exact replay: the record's own batches, images and calibration scaled by its
   * speed probe, as {@code helper-lab replay} does; saved to the history beside the record.
   */
  private void replayExactly(RunRecord record) {
    if (record == null || !RunRecord.KIND_REAL.equals(record.kind())) {
      return;
    }
    link.inOrder(() -> {
      try {
        RunRecord r = Replay.of(record);
        // kept beside the record ({id}-replay.json.gz, replay_of its id), so Runs and Compare find the pair
        String saveError = null;
        try {
          library.saveToHistoryNow(r);
        } catch (IOException | RuntimeException e) {
          saveError = "Cannot save the replay of " + record.id() + " to the history: " + CageLink.message(e);
        }
        String error = saveError;
        ui.execute(() -> {
          if (error != null) {
            link.showError(error);
          }
          library.refresh();
          if (exhibit.lastRecordProperty().get() == record) {
            replay.set(r);
          }
        });
      } catch (RuntimeException e) {
        ui.execute(() -> link.showError("Cannot replay " + record.id() + " in the simulator: " + CageLink.message(e)));
      }
    });
  }

  /** Every frame: the exhibit's readouts and the link's state. */
  void poll() {
    exhibit.poll();
    if (exhibit.runProperty().get() instanceof RemoteRun r) {
      linkText.set(r.link());
    }
  }

  /** The exhibit, and the simulator's replay beside it (empty before a run); {@code calibrated}: the cage's. */
  List<PlottedRun> plotted(boolean calibrated) {
    List<PlottedRun> out = new ArrayList<>();
    PlottedRun real = exhibit.plotted();
    if (real == null) {
      return out;
    }
    LiveRun r = exhibit.runProperty().get();
    CageStatus status = link.statusProperty().get();
    out.add(new PlottedRun(real.label().replaceFirst("^live ", "cage "), real.samples(), status == null
        ? real.memoryLimitMb() : status.memoryMb()));
    if (r instanceof RemoteRun c) {
      LiveSamples live = c.replaySamples();
      if (live != null) {
        out.add(new PlottedRun("simulator " + r.settings().policy() + (calibrated ? "" : " (uncalibrated)"), live,
            out.get(0).memoryLimitMb()));
      }
    }
    return out;
  }

  /** The times the link to the cage was down during the exhibit ({from, to} in run seconds). */
  List<double[]> gaps() {
    List<double[]> out = new ArrayList<>();
    if (exhibit.runProperty().get() instanceof RemoteRun r) {
      for (RemoteRun.Gap g : r.gaps()) {
        out.add(new double[] {g.fromS(), g.toS()});
      }
      RemoteRun.Gap open = r.openGap();
      if (open != null) {
        out.add(new double[] {open.fromS(), open.toS()});
      }
    }
    return out;
  }

  /** Where the values shown went stale: the run time the link went down at, NaN while it is up. */
  double staleFromS() {
    if (exhibit.runProperty().get() instanceof RemoteRun r) {
      RemoteRun.Gap open = r.openGap();
      return open == null ? Double.NaN : open.fromS();
    }
    return Double.NaN;
  }

  /** The exhibit's record and its exact replay as the charts draw them (empty until both are in). */
  List<PlottedRun> recorded() {
    RunRecord real = exhibit.lastRecordProperty().get();
    RunRecord b = replay.get();
    if (b == null || real == null) {
      return List.of();
    }
    return List.of(new PlottedRun("cage " + real.policy() + " s" + real.seed(), new RecordedSamples(real.samples()),
        real.machine().memoryMb()), new PlottedRun("replay " + real.policy()
        + (RemoteViewModel.calibrated(real) ? "" : " (uncalibrated)"), new RecordedSamples(b.samples()),
        b.machine().memoryMb()));
  }

  ObjectProperty<RunRecord> replayProperty() {
    return replay;
  }

  StringProperty linkProperty() {
    return linkText;
  }
}
