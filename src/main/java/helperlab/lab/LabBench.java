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
import helperlab.model.MachineSpec;
import helperlab.model.RunRecord;
import helperlab.policy.AdmissionMode;
import helperlab.runs.RunRecords;
import helperlab.sim.ScenarioSpec;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.Scene;

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
  public static final int SEEKS = 40;
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

  private LabBench(PrintStream out, Set<Part> parts) {
    this.out = out;
    this.parts = parts.isEmpty() ? EnumSet.noneOf(Part.class) : EnumSet.copyOf(parts);
    this.launchedAtMillis = ManagementFactory.getRuntimeMXBean().getStartTime();
  }

  /** Launches the lab under the benchmark, measures {@code parts}, prints the figures; returns when the window has closed. */
  public static void run(LabConfig base, PrintStream out, Set<Part> parts) {
    LabBench b = new LabBench(out, parts);
    LabConfig config = base.withSource(new SimulatorSource(Calibration.seed(), SAMPLE_EVERY_S, 3600));
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
      FrameStats control = PulseControl.measure(PULSE_CONTROL_S, benchSize(0, 1600), benchSize(1, 1000));
      out.printf(Locale.ROOT, "pulse control (a window of this size showing one changing number): %.1f s: %s%n",
          control.seconds(), control.describe());
    }
    if (parts.contains(Part.STREAM)) {
      stream("first live run (the JIT still compiling)", 1200);
      FxWait.run(() -> window.viewModel().live().reset());
      stream("live streaming", Double.POSITIVE_INFINITY);
    }
    if (parts.contains(Part.SEEK)) {
      seek();
    }
  }

  /** Streams a live run (10^5 samples an hour) at ×120 up to {@code untilS} virtual seconds and counts frames. */
  private void stream(String what, double untilS) throws Exception {
    LiveViewModel live = window.viewModel().live();
    FxWait.run(() -> {
      window.viewModel().viewProperty().set(LabView.LIVE);
      window.stage().setWidth(benchSize(0, 1600));
      window.stage().setHeight(benchSize(1, 1000));
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
    java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long renderTid = renderThreadId();
    long fxTid = FxWait.call(() -> Thread.currentThread().getId());
    long cpu0 = threads.getThreadCpuTime(fxTid) + (renderTid < 0 ? 0 : threads.getThreadCpuTime(renderTid));
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
    long cpu1 = threads.getThreadCpuTime(fxTid) + (renderTid < 0 ? 0 : threads.getThreadCpuTime(renderTid));
    long draws1 = FxWait.call(() -> grid.chart(ChartKind.WORKERS).draws());
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
    out.printf(Locale.ROOT, "%s: %d points per series, %d series, %.1f s wall at x%.0f: %s%n",
        what, points[0], points[1], frames.seconds(), STREAM_SPEED, frames.describe());
    out.printf(Locale.ROOT, "  charts redrawn %.1f times a second; CPU per frame (FX thread + render thread) %.1f ms%n",
        (draws1 - draws0) / frames.seconds(), (cpu1 - cpu0) / 1e6 / Math.max(1, frames.frames()));
  }

  /** Opens an hour-long run with at least 10^5 events and seeks to random times. */
  private void seek() throws Exception {
    RunRecord big = null;
    // the built-in machines top out just under 10^5 events an hour; a six-core machine gets past it
    MachineSpec six = MachineSpec.of("bench-6-cores", 6, 16384);
    for (long seed = 0; seed < 10 && big == null; seed++) {
      SimSetup s = SimSetup.of(ScenarioSpec.builtIn("overload"), "pool-edf-10", six, seed,
          AdmissionMode.EDF_FIT, Calibration.seed(), true);
      RunRecord r = RunRecords.fromSimulation(new Simulation(s).run());
      if (r.events().size() >= 100_000) {
        big = r;
      }
    }
    if (big == null) {
      throw new IllegalStateException("no hour-long run with 10^5 events found");
    }
    RunRecord record = big;
    FxWait.run(() -> window.viewModel().showRun(record));
    FxWait.frames(5);
    var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long cpu0 = os.getProcessCpuTime();
    long wall0 = System.nanoTime();
    Thread.sleep(5000);
    out.printf(Locale.ROOT, "idle with a run open: %.1f%% of one core%n",
        100.0 * (os.getProcessCpuTime() - cpu0) / (System.nanoTime() - wall0));
    Scene scene = FxWait.call(() -> window.stage().getScene());
    SplittableRandom random = new SplittableRandom(42);
    double end = helperlab.charts.PlottedRun.dataEnd(record);
    double[] laidOut = new double[SEEKS];
    double[] nextFrame = new double[SEEKS];
    double[] snapshot = new double[SEEKS];
    java.util.concurrent.Executor renderThread = renderThread();
    java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long renderId = -1;
    if (renderThread != null) {
      CompletableFuture<Long> id = new CompletableFuture<>();
      renderThread.execute(() -> id.complete(Thread.currentThread().getId()));
      renderId = id.get(10, TimeUnit.SECONDS);
    }
    long renderTid = renderId;
    double[] fxCpu = new double[SEEKS];
    double[] renderCpu = new double[SEEKS];
    for (int i = 0; i < SEEKS; i++) {
      double t = random.nextDouble() * end;
      int k = i;
      CompletableFuture<double[]> f = new CompletableFuture<>();
      Platform.runLater(() -> {
        long t0 = System.nanoTime();
        long fx0 = threads.getCurrentThreadCpuTime();
        long render0 = renderTid < 0 ? 0 : threads.getThreadCpuTime(renderTid);
        double[] r = new double[2];
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
          r[0] = (System.nanoTime() - t0) / 1e6;
          fxCpu[k] = (threads.getCurrentThreadCpuTime() - fx0) / 1e6;
          scene.removePostLayoutPulseListener(once[0]);
          if (renderThread != null) {
            // after this pulse has handed its frame to the render thread, queue a marker behind it:
            // it runs when that frame has been painted
            Platform.runLater(() -> renderThread.execute(() -> {
              r[1] = (System.nanoTime() - t0) / 1e6;
              renderCpu[k] = (threads.getCurrentThreadCpuTime() - render0) / 1e6;
              f.complete(r);
            }));
          }
        };
        scene.addPostLayoutPulseListener(once[0]);
        window.viewModel().timeline().setCursor(t);
        if (renderThread == null) {
          new AnimationTimer() {
            private int after;

            @Override
            public void handle(long now) {
              // without access to the render thread: the pulse after the seek's waits for its painting
              if (r[0] > 0 && ++after == 2) {
                r[1] = (System.nanoTime() - t0) / 1e6;
                stop();
                f.complete(r);
              }
            }
          }.start();
        }
      });
      double[] r = f.get(30, TimeUnit.SECONDS);
      laidOut[i] = r[0];
      nextFrame[i] = r[1];
      FxWait.frames(2); // let the frame finish before the next seek
    }
    paintedExactly = renderThread != null;
    for (int i = 0; i < SEEKS; i++) {
      double t = random.nextDouble() * end;
      snapshot[i] = FxWait.call(() -> {
        long t0 = System.nanoTime();
        window.viewModel().timeline().setCursor(t);
        scene.snapshot(null);
        return (System.nanoTime() - t0) / 1e6;
      });
    }
    out.printf(Locale.ROOT, "seeking: run with %d events, %d samples (%.0f s); %d seeks each way%n",
        record.events().size(), record.samples().size(), end, SEEKS);
    out.println("  seek -> charts, cursor and event list redrawn on the FX thread: " + stats(laidOut));
    out.println("  seek -> frame painted" + (paintedExactly ? " (render thread done with that frame): "
        : " (upper bound: start of the 2nd pulse after): ") + stats(nextFrame));
    if (paintedExactly) {
      double[] total = new double[SEEKS];
      for (int i = 0; i < SEEKS; i++) {
        total[i] = fxCpu[i] + renderCpu[i];
      }
      out.println("  CPU time of a seek's redraw (FX thread + render thread, without waiting for a core): "
          + stats(total) + "; FX thread " + stats(fxCpu) + "; render thread " + stats(renderCpu));
    }
    out.println("  seek -> whole window re-rendered from scratch (snapshot, worst case): " + stats(snapshot));
  }

  private boolean paintedExactly;

  private static long renderThreadId() throws Exception {
    java.util.concurrent.Executor r = renderThread();
    if (r == null) {
      return -1;
    }
    CompletableFuture<Long> id = new CompletableFuture<>();
    r.execute(() -> id.complete(Thread.currentThread().getId()));
    return id.get(10, TimeUnit.SECONDS);
  }

  /** JavaFX's render thread (an executor that runs jobs in order), or null if it cannot be reached. */
  private static java.util.concurrent.Executor renderThread() {
    try {
      Class<?> c = Class.forName("com.sun.javafx.tk.quantum.QuantumRenderer");
      java.lang.reflect.Method m = c.getDeclaredMethod("getInstance");
      m.setAccessible(true);
      return (java.util.concurrent.Executor) m.invoke(null);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  private static String stats(double[] ms) {
    double[] s = ms.clone();
    Arrays.sort(s);
    return String.format(Locale.ROOT, "median %.1f ms, p95 %.1f ms, max %.1f ms", s[s.length / 2],
        s[(int) Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)], s[s.length - 1]);
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
