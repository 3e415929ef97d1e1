package helperlab.lab.remote;

import helperlab.lab.live.LiveRun;
import helperlab.lab.live.LiveSettings;
import helperlab.model.RunRecord;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

/**
 * An exhibit started from the lab's cage source and watched the way the lab watches one: the record it ends with
 * and every failure it reports, for tests that break its link on the way (a changed host key, a stopped session).
 */
public final class WatchedExhibit implements LiveRun.Listener {
  private final AtomicReference<RunRecord> record = new AtomicReference<>();
  private final List<String> failures = new CopyOnWriteArrayList<>();
  private RemoteRun run;

  private WatchedExhibit() {}

  /** Starts an exhibit of {@code seconds} through {@code source} (already connected) and watches it. */
  public static WatchedExhibit start(CageSource source, double seconds) {
    WatchedExhibit w = new WatchedExhibit();
    source.durationS(seconds);
    w.run = (RemoteRun) source.start(LiveSettings.defaults(), 1, w);
    return w;
  }

  public RemoteRun run() {
    return run;
  }

  /** The record the run ended with, or null before it has. */
  public RunRecord record() {
    return record.get();
  }

  /** What the run reported as failures, in order (live: it grows as the run goes). */
  public List<String> failures() {
    return failures;
  }

  @Override
  public void finished(RunRecord r) {
    record.set(r);
  }

  @Override
  public void failed(String message) {
    failures.add(message);
  }
}
