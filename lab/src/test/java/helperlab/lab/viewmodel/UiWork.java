package helperlab.lab.viewmodel;

import java.time.Duration;

/**
 * A view model's surroundings in a test without a window: the UI thread, and the background work its view models
 * hand their loading to; closing waits for that work to end before the UI thread goes.
 */
final class UiWork implements AutoCloseable {
  final UiThread ui = new UiThread();
  private BackgroundWork work;

  /** Background work reporting to {@code notices}; the last one made is the one {@link #close} waits for. */
  BackgroundWork work(Notices notices) {
    work = new BackgroundWork(ui, notices);
    return work;
  }

  @Override
  public void close() {
    if (work != null) {
      BackgroundWork w = work;
      ui.await("background work done", Duration.ofSeconds(60), () -> w.running() == 0);
    }
    ui.close();
  }
}
