package helperlab.lab.viewmodel;

import helperlab.lab.remote.CageStatus;
import helperlab.protocol.ctl.CalibrationLine;
import helperlab.remote.CageClient;
import helperlab.remote.ControlException;
import java.util.Locale;
import java.util.concurrent.Executor;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** Measuring the connected cage ({@code calibrate} on the server), its lines shown as they come. */
final class RemoteCalibration {
  private final Executor ui;
  private final Notices notices;
  private final CageLink link;
  private final BooleanProperty calibrating = new SimpleBooleanProperty();
  private final StringProperty progress = new SimpleStringProperty("");

  RemoteCalibration(Executor ui, Notices notices, CageLink link) {
    this.ui = ui;
    this.notices = notices;
    this.link = link;
  }

  /** {@code quick}: the short ladder, minutes; the following exhibits use the calibration it leaves. */
  void calibrate(boolean quick) {
    if (calibrating.get()) {
      return;
    }
    calibrating.set(true);
    progress.set((quick ? "Quick" : "Full") + " calibration starting on the cage…");
    int gen = link.generation();
    CageClient c = link.client();
    if (c == null) {
      calibrating.set(false);
      progress.set("");
      link.showError("Cannot calibrate: not connected to a cage");
      return;
    }
    link.inOrder(() -> {
      long t0 = System.nanoTime();
      try {
        CalibrationLine.Done done = c.calibrate(quick, line -> ui.execute(() -> {
          if (link.current(gen)) {
            progress.set(line);
          }
        }));
        CageStatus st = CageStatus.of(c.status());
        String text = String.format(Locale.ROOT, "Calibrated in %.0f s: %s", (System.nanoTime() - t0) / 1e9,
            done.calibration())
            + (done.doubtful() ? " — doubtful: " + done.message() : "");
        ui.execute(() -> {
          calibrating.set(false);
          if (link.current(gen)) {
            link.statusProperty().set(st);
            progress.set(text);
            notices.info(text);
          }
        });
      } catch (ControlException e) {
        if (e.kind() == ControlException.Kind.REMOTE_ERROR && e.getMessage().startsWith(KEPT)) {
          // the cage measured, judged the result doubtful and kept its steady calibration: not a failure
          String text = "Kept the cage's steady calibration" + e.getMessage().substring(KEPT.length());
          ui.execute(() -> {
            calibrating.set(false);
            if (link.current(gen)) {
              progress.set(text);
              notices.info(text);
            }
          });
          return;
        }
        failed(gen, e);
      } catch (RuntimeException e) {
        failed(gen, e);
      }
    });
  }

  /** How the cage words a doubtful result it did not put in place of its steady calibration. */
  static final String KEPT = "kept the steady calibration";

  private void failed(int gen, Exception e) {
    ui.execute(() -> {
      calibrating.set(false);
      if (link.current(gen)) {
        progress.set("The calibration failed: " + CageLink.message(e));
        link.showError("The calibration failed: " + CageLink.message(e));
      }
    });
  }

  BooleanProperty calibratingProperty() {
    return calibrating;
  }

  StringProperty progressProperty() {
    return progress;
  }
}
