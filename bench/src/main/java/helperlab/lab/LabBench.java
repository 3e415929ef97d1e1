package helperlab.lab;

import helperlab.lab.chart.ChartGrid;
import helperlab.charts.ChartKind;
import helperlab.lab.chart.LabChart;
import helperlab.charts.Series;
import helperlab.lab.live.LiveRun;
import helperlab.lab.live.SimulatorSource;
import helperlab.lab.view.LabWindow;
import helperlab.lab.viewmodel.LabConfig;
import helperlab.lab.viewmodel.LabView;
import helperlab.lab.viewmodel.LiveViewModel;
import helperlab.model.Calibration;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;

/**
 * The lab's performance figures, measured in the real window: cold start to a usable window, frames
 * per second while streaming an hour-long live run with every series (10^5 points per series) beside
 * the same window size's pulse control, and the time to redraw after seeking in an hour-long run with
 * 10^5 events.
 */
public final class LabBench {
  /** Samples every 36 ms of virtual time: an hour is 10^5 points per series. */
  public static final double SAMPLE_EVERY_S = 0.036;
  public static final double STREAM_SPEED = 120;
  /** About as long as the measured hour streams at ×120. */
  static final double PULSE_CONTROL_S = 30;

  private final PrintStream out;
  private final long launchedAtMillis;
  private volatile long toolkitUpNanos;
  private volatile LabWindow window;
  private volatile long firstFrameNanos;
  private final long originNanos = System.nanoTime();
  private final long originMillis = System.currentTimeMillis();

  /** What is measured after start-up (start-up always is). */
  public enum Part {
    /** The control: a window of the same size that only counts pulses ({@link PulseControl}). */
    PULSE,
    /** Streaming an hour-long live run. */
    STREAM,
    /** Seeking in an hour-long run with 10^5 events. */
    SEEK
  }

  private final Set<Part> parts;

  /**
   * {@code -Dhelperlab.bench.paced=true}: the live run's clock moves one 60 Hz pulse (1/60 s) per frame drawn, not
   * with the wall clock, so every frame takes in what a frame of a 60 fps stream would (2 s of the run at ×120)
   * however few frames a loaded host draws; the CPU a frame then compares builds measured on a busy machine.
   */
  static final boolean PACED = Boolean.getBoolean("helperlab.bench.paced");
  private final java.util.concurrent.atomic.AtomicLong pacedClock = new java.util.concurrent.atomic.AtomicLong();
  private static final long PULSE_NANOS = 1_000_000_000L / 60;

  private LabBench(PrintStream out, Set<Part> parts) {
    this.out = out;
    this.parts = parts.isEmpty() ? EnumSet.noneOf(Part.class) : EnumSet.copyOf(parts);
    this.launchedAtMillis = ManagementFactory.getRuntimeMXBean().getStartTime();
  }

  /**
   * {@code helper-lab lab --bench}: {@code parts} named as on the command line ({@code pulse}, {@code stream},
   * {@code seek}); the CLI reaches this by name, as the benchmarks are not in the product jar.
   */
  public static void run(LabConfig base, PrintStream out, java.util.List<String> parts) {
    Set<Part> set = EnumSet.noneOf(Part.class);
    for (String p : parts) {
      switch (p.trim()) {
        case "pulse" -> set.add(Part.PULSE);
        case "stream" -> set.add(Part.STREAM);
        case "seek" -> set.add(Part.SEEK);
        default -> throw new IllegalArgumentException(
            "--bench-parts takes pulse, stream and seek, separated by commas; got '" + p + "'");
      }
    }
    run(base, out, set);
  }

  /** Launches the lab under the benchmark, measures {@code parts}, prints the figures; returns when the window has closed. */
  public static void run(LabConfig base, PrintStream out, Set<Part> parts) {
    LabBench b = new LabBench(out, parts);
    LabConfig config = base.withSource(new SimulatorSource(Calibration.seed(), SAMPLE_EVERY_S, 3600,
        PACED ? b.pacedClock::get : System::nanoTime));
    Thread driver = new Thread(() -> {
      try {
        b.measure();
      } catch (Throwable e) {
        out.println("benchmark failed: " + e);
        e.printStackTrace(out);
      } finally {
        Platform.runLater(() -> {
          if (b.window != null) {
            b.window.stage().close();
          }
          Platform.exit();
        });
      }
    }, "lab-bench");
    driver.setDaemon(true);
    Lab.launch(config, w -> {
      b.toolkitUpNanos = System.nanoTime();
      b.window = w;
      if (PACED) {
        new AnimationTimer() {
          @Override
          public void handle(long now) {
            b.pacedClock.addAndGet(PULSE_NANOS);
          }
        }.start();
      }
      new AnimationTimer() {
        private int n;

        @Override
        public void handle(long now) {
          if (++n == 2) { // the first frame has been drawn when the second pulse starts
            b.firstFrameNanos = System.nanoTime();
            stop();
            driver.start();
          }
        }
      }.start();
    });
  }

  private double sinceLaunchMs(long nanos) {
    long wall = originMillis + (nanos - originNanos) / 1_000_000;
    return wall - launchedAtMillis;
  }

  private void measure() throws Exception {
    out.printf(Locale.ROOT, "cold start: JVM start to window shown %.0f ms, to first frame (usable) %.0f ms%n",
        sinceLaunchMs(toolkitUpNanos), sinceLaunchMs(firstFrameNanos));
    out.printf(Locale.ROOT, "machine: %d cores, load average %.2f at the start%n",
        Runtime.getRuntime().availableProcessors(), ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    if (parts.contains(Part.PULSE)) {
      PulseControl.Measured control = PulseControl.measure(PULSE_CONTROL_S, benchSize(0, 1600), benchSize(1, 1000));
      out.printf(Locale.ROOT, "pulse control (a window of this size showing one changing number): %.1f s: %s;"
          + " CPU per frame (FX thread + render thread) %.1f ms%n", control.frames().seconds(),
          control.frames().describe(), control.cpuMsPerFrame());
    }
    if (parts.contains(Part.STREAM)) {
      stream("first live run (the JIT still compiling)", 1200);
      FxWait.run(() -> window.viewModel().live().reset());
      stream("live streaming", Double.POSITIVE_INFINITY);
    }
    if (parts.contains(Part.SEEK)) {
      new SeekBench(out, window).run();
    }
  }

  /** Streams a live run (10^5 samples an hour) at ×120 up to {@code untilS} virtual seconds and counts frames. */
  private void stream(String what, double untilS) throws Exception {
    LiveViewModel live = window.viewModel().live();
    FxWait.run(() -> {
      window.viewModel().viewProperty().set(LabView.LIVE);
      window.resize(benchSize(0, 1600), benchSize(1, 1000));
      live.policyProperty().set("box");
      live.scenarioProperty().set("busy");
      live.machineProperty().set("cage");
      live.seedProperty().set(1);
      live.start();
      live.runProperty().get().setSpeed(STREAM_SPEED);
    });
    List<Long> frameTimes = new ArrayList<>();
    CompletableFuture<Void> done = new CompletableFuture<>();
    LiveRun run = FxWait.call(() -> live.runProperty().get());
    ChartGrid grid = FxWait.call(window::visibleCharts);
    long draws0 = FxWait.call(() -> grid.chart(ChartKind.WORKERS).draws());
    long all0 = FxWait.call(() -> allDraws(grid));
    java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long renderTid = RenderThread.id();
    long fxTid = FxWait.call(() -> Thread.currentThread().getId());
    long cpu0 = PulseControl.cpuOf(threads, fxTid, renderTid);
    FxWait.run(() -> new AnimationTimer() {
      @Override
      public void handle(long now) {
        frameTimes.add(now);
        if (run.status().state() != helperlab.lab.live.LiveState.RUNNING || run.status().timeS() >= untilS) {
          stop();
          done.complete(null);
        }
      }
    }.start());
    done.get(10, TimeUnit.MINUTES);
    long cpu1 = PulseControl.cpuOf(threads, fxTid, renderTid);
    long draws1 = FxWait.call(() -> grid.chart(ChartKind.WORKERS).draws());
    long all1 = FxWait.call(() -> allDraws(grid));
    FxWait.frames(3);
    ChartGrid g = window.visibleCharts();
    int[] points = FxWait.call(() -> {
      LabChart c = g.chart(ChartKind.WORKERS);
      int series = 0;
      for (ChartKind k : ChartKind.values()) {
        series += k.series().size();
      }
      return new int[] {c.points(0, Series.WORKERS), series};
    });
    FrameStats frames = FrameStats.of(frameTimes);
    out.printf(Locale.ROOT, "%s%s: %d points per series, %d series, %.1f s wall at x%.0f: %s%n",
        what, PACED ? " (paced: the run's clock moves 1/60 s a frame)" : "", points[0], points[1], frames.seconds(), STREAM_SPEED, frames.describe());
    out.printf(Locale.ROOT, "  charts redrawn %.1f times a second (lines drawn, all charts: %.1f a frame); CPU per frame"
        + " (FX thread + render thread) %.1f ms%n", (draws1 - draws0) / frames.seconds(),
        (double) (all1 - all0) / Math.max(1, frames.frames()),
        (cpu1 - cpu0) / 1e6 / Math.max(1, frames.frames()));
  }

  /** Times the six charts' lines were drawn, summed. */
  private static long allDraws(ChartGrid grid) {
    long n = 0;
    for (ChartKind k : ChartKind.values()) {
      n += grid.chart(k).draws();
    }
    return n;
  }

  /** The window size measured in: {@code -Dhelperlab.bench.size=1366x768} (default 1600x1000). */
  private static double benchSize(int part, double fallback) {
    String s = System.getProperty("helperlab.bench.size", "");
    String[] wh = s.split("x");
    try {
      return wh.length == 2 ? Double.parseDouble(wh[part].trim()) : fallback;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("helperlab.bench.size takes WIDTHxHEIGHT, e.g. 1366x768; got '" + s + "'");
    }
  }
}
