package helperlab.lab.live;

import helperlab.charts.LiveSamples;
import helperlab.model.EventSink;
import helperlab.model.MetricsAccumulator;
import helperlab.model.RunRecord;
import helperlab.runs.RunRecords;
import helperlab.sim.SimResult;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.workload.ArrivalGenerator;
import helperlab.workload.Recovery;
import helperlab.workload.RecoveryMeter;
import helperlab.workload.RunTriggers;
import helperlab.workload.ScenarioSpec;
import helperlab.workload.Tipping;
import helperlab.workload.Trigger;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.SplittableRandom;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * One live simulation on its own thread. The virtual clock follows the wall clock times the speed
 * (or runs flat out); commands (press, pause, speed, stop) are queued and handled between steps, so a
 * press lands within a few milliseconds and its helpers show in the next sample, which is taken at once.
 * A trigger (the Trigger button) starts at the clock when its command is handled; a {@link RecoveryMeter}
 * watches the run, and once the trigger is over the run is judged every few virtual seconds until it is
 * back (or the scenario's arrivals end first: not recovered).
 */
final class SimulatedRun implements LiveRun, Runnable {
  /** Wall time between steps when following the clock: short enough that a press is seen within a frame. */
  private static final long TICK_MILLIS = 4;
  /** Virtual seconds per step when running as fast as possible (commands are handled between steps). */
  private static final double FLAT_OUT_CHUNK_S = 5;
  /** Virtual seconds between judgements of the recovery (each one scans the run since the trigger). */
  private static final double JUDGE_EVERY_S = 5;
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

  private final LiveSettings settings;
  private final SimSetup setup;
  private final LiveSamples samples = new LiveSamples();
  private final Listener listener;
  private final ArrivalGenerator pressGenerator;
  private final SplittableRandom pressRandom;
  private final SplittableRandom spikeRandom;
  private final RecoveryMeter meter = new RecoveryMeter();
  /** What the run's machine can do, against which its tipping is judged. */
  private final Tipping.Capacity capacity;
  private final BlockingQueue<Runnable> commands = new LinkedBlockingQueue<>();
  private final CountDownLatch ended = new CountDownLatch(1);
  /** The wall clock the virtual one follows, in nanoseconds (a test's own, that it moves). */
  private final LongSupplier wallNanos;
  private volatile LiveStatus status;

  // confined to the run's thread
  private Simulation sim;
  private double speed;
  private boolean paused;
  private boolean stopRequested;
  private long wallAnchor;
  private double virtualAnchor;
  private int pressed;
  private double skipTarget = -1;
  private LiveTrigger trigger;
  /** The last judgement of the recovery from {@link #trigger} (null before one). */
  private Recovery recovery;
  private double nextJudgement;

  SimulatedRun(LiveSettings settings, SimSetup setup, ScenarioSpec pressMix, double speed, Listener listener,
      LongSupplier wallNanos) {
    this.settings = settings;
    this.wallNanos = wallNanos;
    this.setup = setup;
    this.capacity = setup.tippingCapacity();
    this.speed = checkSpeed(speed);
    this.listener = listener;
    this.pressGenerator = new ArrivalGenerator(pressMix, setup.machine(), setup.calibration(), setup.presets());
    this.pressRandom = new SplittableRandom(setup.seed() * 0x9E3779B97F4A7C15L + 17);
    this.spikeRandom = new SplittableRandom(setup.seed() * 0x9E3779B97F4A7C15L + 29);
    this.status = LiveStatus.atStart(LiveState.RUNNING, setup.durationS(), speed, 0);
  }

  private static double checkSpeed(double factor) {
    if (!(factor > 0)) {
      throw new IllegalArgumentException("speed must be > 0, got " + factor);
    }
    return factor;
  }

  @Override
  public LiveSettings settings() {
    return settings;
  }

  @Override
  public LiveSamples samples() {
    return samples;
  }

  @Override
  public LiveStatus status() {
    return status;
  }

  @Override
  public void press() {
    commands.add(this::doPress);
  }

  @Override
  public boolean canTrigger() {
    return true;
  }

  @Override
  public void trigger(String kind, double size, double durationS) {
    Trigger.Kind k = Trigger.Kind.of(kind);
    // checked here, on the caller's thread, so a bad size is the caller's error (at_s is set when it runs)
    new Trigger(k, 0, durationS, size);
    commands.add(() -> doTrigger(k, size, durationS));
  }

  @Override
  public void pause() {
    commands.add(() -> paused = true);
  }

  @Override
  public void resume() {
    commands.add(() -> {
      paused = false;
      anchor();
    });
  }

  @Override
  public void setSpeed(double factor) {
    double f = checkSpeed(factor);
    commands.add(() -> {
      speed = f;
      anchor();
    });
  }

  @Override
  public void skipTo(double virtualS) {
    commands.add(() -> skipTarget = virtualS);
  }

  @Override
  public void stop() {
    commands.add(() -> stopRequested = true);
  }

  @Override
  public boolean stopAndWait(long timeoutMillis) throws InterruptedException {
    stop();
    return ended.await(timeoutMillis, TimeUnit.MILLISECONDS);
  }

  @Override
  public void run() {
    try {
      sim = new Simulation(setup, EventSink.tee(samples, meter));
      double hardEnd = setup.durationS() + Math.max(600, setup.durationS());
      anchor();
      publish(LiveState.RUNNING);
      while (true) {
        drainCommands();
        if (stopRequested) {
          break;
        }
        if (paused) {
          publish(LiveState.PAUSED);
          commands.take().run();
          continue;
        }
        boolean skipping = skipTarget > sim.now();
        boolean flatOut = Double.isInfinite(speed) || skipping;
        double target = flatOut ? sim.now() + FLAT_OUT_CHUNK_S
            : virtualAnchor + (wallNanos.getAsLong() - wallAnchor) / 1e9 * speed;
        if (skipping) {
          target = Math.min(target, skipTarget);
        }
        target = Math.min(target, hardEnd);
        if (target > sim.now()) {
          sim.advanceTo(target);
        }
        if (skipping && sim.now() >= skipTarget) {
          skipTarget = -1;
          anchor(); // from here on, follow the clock again
        }
        judge(false);
        publish(LiveState.RUNNING);
        if ((sim.now() >= setup.durationS() && sim.quiescent()) || sim.now() >= hardEnd) {
          break;
        }
        if (!flatOut) {
          Runnable c = commands.poll(TICK_MILLIS, TimeUnit.MILLISECONDS);
          if (c != null) {
            c.run();
          }
        }
      }
      SimResult result = sim.finish();
      judge(true);
      publish(LiveState.FINISHED);
      listener.finished(record(result));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      publish(LiveState.FAILED);
      listener.failed("the live run was interrupted");
    } catch (RuntimeException | Error e) {
      publish(LiveState.FAILED);
      listener.failed("the live run failed at t=" + (sim == null ? 0 : Math.round(sim.now())) + " s: " + e.getMessage());
    } finally {
      ended.countDown();
    }
  }

  private void drainCommands() {
    Runnable c;
    while ((c = commands.poll()) != null) {
      c.run();
    }
  }

  private void anchor() {
    wallAnchor = wallNanos.getAsLong();
    virtualAnchor = sim == null ? 0 : sim.now();
  }

  private void doPress() {
    if (sim == null) {
      return;
    }
    sim.press(pressGenerator.sampleBatch(0, 0, pressRandom));
    pressed++;
    // a sample now, so the charts show the new helpers in the next frame rather than at the next second
    samples.sample(sim.now(), sim.liveWorkers(), sim.busyWorkers(), sim.queuedImages(), sim.memoryMb(), sim.totals());
    publish(paused ? LiveState.PAUSED : LiveState.RUNNING);
  }

  private void doTrigger(Trigger.Kind kind, double size, double durationS) {
    if (sim == null || (trigger != null && trigger.trigger().endS() > sim.now())) {
      return; // one at a time: the one going on stays
    }
    Trigger t = new Trigger(kind, sim.now(), durationS, size);
    sim.trigger(t, pressGenerator.spikeBatches(t, spikeRandom));
    if (t.isNone()) {
      return;
    }
    trigger = LiveTrigger.started(t);
    recovery = null;
    nextJudgement = t.endS();
    publish(paused ? LiveState.PAUSED : LiveState.RUNNING);
  }

  /**
   * Judges the recovery from the last trigger, every {@link #JUDGE_EVERY_S} once it is over: back
   * within the band for the meter's hold time, or not by the end of the scenario's arrivals (or at the
   * end of the run: {@code last}).
   */
  private void judge(boolean last) {
    if (trigger == null || trigger.judged() || (!last && sim.now() < nextJudgement)) {
      return;
    }
    nextJudgement = sim.now() + JUDGE_EVERY_S;
    Trigger t = trigger.trigger();
    double upTo = Math.min(sim.now(), setup.durationS());
    Recovery r = upTo >= t.endS() ? meter.recovery(t, upTo, capacity) : null;
    if (r != null) {
      recovery = r;
    }
    if (r != null && r.downBeforeTrigger()) {
      trigger = LiveTrigger.downBefore(trigger.trigger(), r.tippedAtS(), r.neverHealthy());
    } else if (r != null && r.recoveryS() != null) {
      trigger = new LiveTrigger(trigger.trigger(), r.recoveryS(), false);
    } else if (last || sim.now() >= setup.durationS()) {
      trigger = new LiveTrigger(trigger.trigger(), null, true);
    }
  }

  private void publish(LiveState state) {
    if (sim == null) {
      status = LiveStatus.atStart(state, setup.durationS(), speed, pressed);
      return;
    }
    MetricsAccumulator m = sim.totals();
    boolean live = state == LiveState.RUNNING || state == LiveState.PAUSED;
    status = new LiveStatus(state, sim.now(), setup.durationS(), speed, live ? sim.liveWorkers() : 0,
        live ? sim.busyWorkers() : 0, sim.queuedImages(), sim.memoryMb(), m.spawns(), m.submitted(), m.met(), m.late(),
        m.turnedAway(), pressed, trigger);
  }

  /** The run's record, named as a live run (with when it ended, so history keeps every one). */
  private RunRecord record(SimResult result) {
    RunRecord r = RunRecords.fromSimulation(result);
    Instant now = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    String id = "live-" + r.id().replaceFirst("^sim-", "") + "-" + STAMP.format(now);
    return r.toBuilder().id(id).createdAt(now.toString())
        .trigger(trigger == null ? null : RunTriggers.json(trigger.trigger())).recovery(RunTriggers.json(recovery))
        .tipping(RunTriggers.json(Tipping.course(meter, capacity, Math.min(r.durationS(), setup.durationS()))
            .summary())).build();
  }
}
