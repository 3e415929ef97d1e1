package helperlab.lab.viewmodel;

import helperlab.lab.live.LiveRun;
import helperlab.model.RunRecord;
import java.io.IOException;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * A live run's listener that saves its record to the history on the run's own thread (so a run
 * ending as the window closes is kept), then reports back on the UI executor.
 */
final class HistorySaver implements LiveRun.Listener {
  /** What came of a run that ended: its record, whether it was worth keeping, the save's failure (or null). */
  interface Ended {
    void ended(RunRecord record, boolean kept, String saveError);
  }

  private final RunLibrary library;
  private final Executor ui;
  private final Ended ended;
  private final Consumer<String> failed;

  HistorySaver(RunLibrary library, Executor ui, Ended ended, Consumer<String> failed) {
    this.library = library;
    this.ui = ui;
    this.ended = ended;
    this.failed = failed;
  }

  @Override
  public void finished(RunRecord record) {
    String saveError = null;
    boolean worthKeeping = !record.events().isEmpty() || record.samples().size() > 1;
    if (worthKeeping) {
      try {
        library.saveToHistoryNow(record);
      } catch (IOException | RuntimeException e) {
        saveError = "Cannot save live run " + record.id() + " to the history: " + BackgroundWork.reason(e);
      }
    }
    String error = saveError;
    ui.execute(() -> ended.ended(record, worthKeeping, error));
  }

  @Override
  public void failed(String message) {
    ui.execute(() -> failed.accept(message));
  }
}
