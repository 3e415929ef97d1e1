package helperlab.lab.remote;

import helperlab.charts.LiveSamples;
import helperlab.lab.live.LiveRun;
import helperlab.lab.live.LiveSettings;
import helperlab.lab.live.LiveState;
import helperlab.lab.live.LiveStatus;
import helperlab.lab.live.LiveTrigger;
import helperlab.model.RunRecord;
import helperlab.model.Task;
import helperlab.protocol.ctl.ExhibitStarted;
import helperlab.protocol.events.EventLine;
import helperlab.protocol.events.FollowLine;
import helperlab.protocol.events.SampleLine;
import helperlab.remote.Backoff;
import helperlab.remote.CageClient;
import helperlab.remote.ControlException;
import helperlab.remote.ControlTransport;
import helperlab.remote.EventFollower;
import helperlab.workload.Trigger;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;

/**
 * A cage exhibit streaming into the lab: it asks the cage to start the exhibit, follows its event
 * stream ({@link ExhibitStream}: an {@link EventFollower}, which reconnects and resumes from the last id),
 * turns the samples into chart rows, feeds the arriving batches to the simulator's replay
 * ({@link ExhibitReplay}), and when the stream ends fetches the run's record. The cage keeps real time,
 * so pause, speed and skip do nothing.
 */
public final class RemoteRun implements LiveRun, EventFollower.Listener {
  /** A live exhibit sends a sample every second: this long without a line is a stall. */
  public static final long STALL_MS = 5_000;
  /** Reconnecting the stream: from 0.5 s, at most 10 s apart, for 2 minutes. */
  public static final Backoff.Policy PACING = new Backoff.Policy(500, 10_000, 120_000);

  /** Run time during which the link was down (the data of that time arrived after it came back). */
  public record Gap(double fromS, double toS) {}

  private final LiveSettings settings;
  private final double durationS;
  /** The trigger asked for (null: none). */
  private final Trigger asked;
  /** The trigger the cage plays (from its answer) and, once its record is in, the recovery from it. */
  private volatile LiveTrigger trigger;
  private final ExhibitStream stream;
  private final Listener listener;
  private final LiveSamples real = new LiveSamples();
  private final ExhibitReplay replay;
  private final StreamProgress progress = new StreamProgress();
  private final CountDownLatch ended = new CountDownLatch(1);
  private volatile LiveStatus status;
  private volatile String runId;
  private volatile String link = "starting the exhibit";
  private volatile boolean stopRequested;
  private volatile int pressed;

  RemoteRun(LiveSettings settings, double durationS, Trigger asked, CageClient client, ControlTransport transport,
      BiFunction<ExhibitStarted, LiveSamples, ReplayOverlay> overlayFactory, Listener listener) {
    this.settings = settings;
    this.durationS = durationS;
    this.asked = asked;
    this.stream = new ExhibitStream(client, transport, this);
    this.replay = new ExhibitReplay(overlayFactory);
    this.listener = listener;
    this.status = LiveStatus.atStart(LiveState.RUNNING, durationS, 1, 0);
  }

  /** Starts the exhibit and the follower on a thread of its own (returns at once). */
  RemoteRun begin() {
    Thread t = new Thread(this::startExhibit, "cage-exhibit");
    t.setDaemon(true);
    t.start();
    return this;
  }

  private void startExhibit() {
    try {
      ExhibitStarted started = stream.client().exhibit(settings.policy(), settings.scenario(), settings.seed(),
          durationS, asked);
      runId = started.run();
      if (asked != null && !asked.isNone()) {
        // the cage refuses a trigger it cannot play, so one it started is the one asked for
        trigger = LiveTrigger.started(asked);
      }
      // before the first sample: the images the cage plays, with its calibration (an older cage: the scenario's own)
      try {
        replay.start(started);
      } catch (RuntimeException e) {
        link = "no simulator overlay: " + e.getMessage(); // the real run still streams
      }
      if (stopRequested) {
        ended.countDown();
        return;
      }
      link = "following " + runId;
      stream.follow(runId);
    } catch (ControlException e) {
      fail("The cage did not start the exhibit: " + e.getMessage());
    }
  }

  // ---- the stream ---------------------------------------------------------------------------------

  @Override
  public void line(FollowLine line) {
    progress.saw(line.id());
    if (line.isEnd()) {
      link = "the exhibit ended; fetching its record";
    } else if (line.sample() != null) {
      SampleLine s = line.sample();
      double t = s.t();
      progress.sample(t);
      ExhibitSampleLine.addRow(real, t, s);
      replay.advanceTo(t);
      publish(LiveState.RUNNING, s);
    } else if (line.event() != null) {
      EventLine e = line.event();
      double t = e.t();
      // an original batch (value -1; a retry copy names its original there) arriving: the replay gets it too
      boolean batch = "submitted".equals(line.type()) && e.value() < 0;
      progress.event(t, batch);
      if (batch) {
        replay.arrived(e.task(), t);
      }
    }
  }

  /** The tasks the simulator overlay replays, by id (the cage's played images once it has answered). */
  public Map<Integer, Task> overlayTasks() {
    return replay.tasks();
  }

  @Override
  public void disconnected(ControlException why) {
    progress.wentDown();
    long lastT = Math.round(progress.lastT());
    link = "the connection closed at " + lastT + " s (" + why.getMessage() + "); reconnecting; the values shown are"
        + " stale, from " + lastT + " s";
  }

  @Override
  public void stalled(long silentMs) {
    progress.wentDown();
    link = String.format(Locale.ROOT, "stalled: no event or sample for %.0f s on an open connection (it was not"
        + " closed); reconnecting; the values shown are stale, from %d s", silentMs / 1000.0,
        Math.round(progress.lastT()));
  }

  @Override
  public void reconnected(long downMs) {
    progress.cameBack(downMs);
    link = String.format(Locale.ROOT, "reconnected: nothing came for %.1f s; resumed after event %d", downMs / 1000.0,
        progress.lastSeq());
  }

  /**
   * The link is back, on this connection or a new one ({@code c}): a run whose stream was lost follows
   * again from the last id it saw and, at its end, fetches its record, so an exhibit that completed on
   * the cage while the lab could not see it is not lost. Not on the connection that refused it for
   * good (a refusal would only repeat). Returns whether it resumed.
   */
  public synchronized boolean resumeOn(CageClient c) {
    if (stopRequested || !stream.canResumeOn(c)) {
      return false;
    }
    link = "the link is back: following " + runId + " again after event " + progress.lastSeq();
    stream.resumeOn(c, runId);
    return true;
  }

  /**
   * The gap the link is in now, from the last sample received to the run time it would be at now (the
   * cage keeps real time), or null when the link is up: drawn as a band that grows until the link is back.
   */
  public Gap openGap() {
    return progress.openGap();
  }

  /** Whether the values shown are from before a gap that has not ended (the link is down or stalled). */
  public boolean stale() {
    return progress.stale();
  }

  @Override
  public void stopped(ControlException failure) {
    if (stopRequested) {
      ended.countDown();
      return;
    }
    if (failure != null) {
      if (runId != null) {
        stream.lost(failure);
      }
      fail("Lost the cage's event stream of " + runId + ": " + failure.getMessage() + (runId == null ? ""
          : "; the exhibit goes on on the cage, and the lab follows it again (and fetches its record) when the link"
              + " is back"));
      return;
    }
    try {
      RunRecord record = ExhibitRecord.fetch(stream.client(), runId);
      link = "ended; record " + record.id() + " fetched";
      trigger = ExhibitRecord.recovered(trigger, record);
      publish(LiveState.FINISHED, null);
      listener.finished(record);
    } catch (ControlException | RuntimeException e) {
      fail("The exhibit " + runId + " ended but its record could not be fetched: " + e.getMessage());
    } finally {
      ended.countDown();
    }
  }

  private void fail(String message) {
    link = message;
    publish(LiveState.FAILED, null);
    ended.countDown();
    listener.failed(message);
  }

  private void publish(LiveState state, SampleLine s) {
    int submitted = progress.submitted();
    status = s == null ? ExhibitSampleLine.carriedOver(status, state, durationS, submitted, pressed, trigger)
        : ExhibitSampleLine.status(state, progress.lastT(), durationS, s, submitted, pressed, trigger);
  }

  // ---- LiveRun ------------------------------------------------------------------------------------

  @Override
  public LiveSettings settings() {
    return settings;
  }

  @Override
  public LiveSamples samples() {
    return real;
  }

  /** The simulator's replay so far: the same table for the whole run (empty until the cage has answered). */
  public LiveSamples replaySamples() {
    return replay.samples();
  }

  @Override
  public LiveStatus status() {
    return status;
  }

  /** The cage's id of the exhibit (null until the cage has started it). */
  public String runId() {
    return runId;
  }

  /** The state of the link, in words, for the window. */
  public String link() {
    return link;
  }

  /** Times the link was down (run seconds). */
  public List<Gap> gaps() {
    return progress.gaps();
  }

  /** Stream entries that arrived twice, and entries skipped (both must stay 0 across reconnects). */
  public int duplicates() {
    return progress.duplicates();
  }

  public int missing() {
    return progress.missing();
  }

  /** The last stream entry seen. */
  public long lastSeq() {
    return progress.lastSeq();
  }

  /** Cuts the current stream connection as a network failure would (the follower reconnects). */
  public void dropConnection() {
    stream.dropConnection();
  }

  /** The big button on the real cage goes through the remote view model; a run only counts it. */
  @Override
  public void press() {
    pressed++;
  }

  // the cage keeps real time: pause, speed and skip do nothing

  @Override
  public void pause() {}

  @Override
  public void resume() {}

  @Override
  public void setSpeed(double factor) {}

  @Override
  public void skipTo(double virtualS) {}

  /** Stops following (the exhibit itself goes on on the cage and its record can be fetched later). */
  @Override
  public void stop() {
    stopRequested = true;
    if (!stream.close()) {
      ended.countDown();
    }
    publish(LiveState.FINISHED, null);
  }

  @Override
  public boolean stopAndWait(long timeoutMillis) throws InterruptedException {
    stop();
    return ended.await(timeoutMillis, TimeUnit.MILLISECONDS);
  }
}
