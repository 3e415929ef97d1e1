package helperlab.lab;

import helperlab.lab.view.LabWindow;
import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.RunRecord;
import helperlab.policy.AdmissionMode;
import helperlab.runs.RunRecords;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.workload.ScenarioSpec;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;
import javafx.scene.Scene;

/**
 * The seek part of {@link LabBench}: in an hour-long run with 10^5 events, the cursor moved to random
 * times; until the FX thread has redrawn, until the render thread has painted that frame, the CPU it
 * took, and re-rendering the whole window for comparison.
 */
final class SeekBench {
  static final int SEEKS = 40;

  private final PrintStream out;
  private final LabWindow window;

  SeekBench(PrintStream out, LabWindow window) {
    this.out = out;
    this.window = window;
  }

  /** Opens an hour-long run with at least 10^5 events, seeks to random times and prints the figures. */
  void run() throws Exception {
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
    // the first seconds after opening pay for laying out 10^5 events once and for the JIT compiling what
    // opening used; a window at rest is what a laptop's fan hears, so both are reported, the second after
    // the first has passed
    out.printf(Locale.ROOT, "CPU in the 5 s after opening a run: %.1f%% of one core%n", cpuShare(5000));
    Thread.sleep(15_000);
    out.printf(Locale.ROOT, "idle with a run open (from 20 s after opening, 10 s): %.1f%% of one core%n",
        cpuShare(10_000));
    Scene scene = FxWait.call(() -> window.stage().getScene());
    SplittableRandom random = new SplittableRandom(42);
    double end = helperlab.charts.PlottedRun.dataEnd(record);
    double[] laidOut = new double[SEEKS];
    double[] nextFrame = new double[SEEKS];
    double[] snapshot = new double[SEEKS];
    java.util.concurrent.Executor renderThread = RenderThread.executor();
    java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long renderTid = RenderThread.id();
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

  private static String stats(double[] ms) {
    double[] s = ms.clone();
    Arrays.sort(s);
    return String.format(Locale.ROOT, "median %.1f ms, p95 %.1f ms, max %.1f ms", s[s.length / 2],
        s[(int) Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)], s[s.length - 1]);
  }

  /** This process's CPU over the next {@code millis} of wall time, as a share of one core (a bench may sleep). */
  private static double cpuShare(long millis) throws InterruptedException {
    var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long cpu0 = os.getProcessCpuTime();
    long wall0 = System.nanoTime();
    Thread.sleep(millis);
    return 100.0 * (os.getProcessCpuTime() - cpu0) / (System.nanoTime() - wall0);
  }
}
