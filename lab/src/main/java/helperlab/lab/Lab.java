package helperlab.lab;

import helperlab.lab.view.LabWindow;
import helperlab.lab.viewmodel.LabConfig;
import java.util.function.Consumer;
import javafx.application.Application;

/** Starts the desktop lab (blocks until its window closes). */
public final class Lab {
  private Lab() {}

  public static void launch(LabConfig config) {
    launch(config, w -> { });
  }

  /**
   * Opens the lab, waits for its first frame and then for the frame with its charts (built after the first),
   * prints how long each took from JVM start, and closes it.
   */
  public static void launchAndClose(LabConfig config, java.io.PrintStream out) {
    launch(config, w -> new javafx.animation.AnimationTimer() {
      private int frames;
      private long firstFrame;
      private int chartsIn;

      @Override
      public void handle(long now) {
        frames++;
        if (frames == 2) { // the first frame has been drawn when the second pulse starts
          firstFrame = uptime();
        }
        helperlab.lab.chart.ChartGrid charts = w.visibleCharts(); // null on the Sweep view
        if (chartsIn == 0 && frames >= 2 && (charts == null || charts.built())) {
          chartsIn = frames; // built between pulses: this pulse draws them
        } else if (chartsIn > 0 && frames > chartsIn) {
          stop();
          out.printf("first frame %d ms after JVM start, with its charts %d ms%n", firstFrame, uptime());
          w.stage().close();
          javafx.application.Platform.exit();
        }
      }
    }.start());
  }

  private static long uptime() {
    return java.lang.management.ManagementFactory.getRuntimeMXBean().getUptime();
  }

  /** Starts the lab and hands the open window to {@code opened} on the FX thread (benchmarks, screenshots). */
  public static void launch(LabConfig config, Consumer<LabWindow> opened) {
    // a seek moves the time cursor on six charts at once: let the renderer repaint those thin strips
    // separately instead of merging them into large rectangles (the default keeps 6 regions; 15 is the
    // most prism accepts)
    if (System.getProperty("prism.dirtyregioncount") == null) {
      System.setProperty("prism.dirtyregioncount", "15");
    }
    // the charts' lines are rasterised in software on every frame, mostly by Marlin's coverage pass, whose cost
    // grows with its sub-scanlines: 4 a pixel row instead of 8 cut a full-HD frame's CPU by about a seventh with
    // lines the same to the eye (docs/lab.md, Performance)
    if (System.getProperty("prism.marlin.subPixel_log2_Y") == null) {
      System.setProperty("prism.marlin.subPixel_log2_Y", "2");
    }
    LabApp.configure(config, opened);
    try {
      Application.launch(LabApp.class);
    } catch (RuntimeException e) {
      // JavaFX wraps whatever stopped the window in "Exception in Application start method": say what it was
      Throwable cause = e;
      while (cause.getCause() != null && cause.getCause() != cause) {
        cause = cause.getCause();
      }
      if (Boolean.getBoolean("helperlab.lab.trace")) {
        e.printStackTrace();
      }
      String why = cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
      throw new IllegalStateException("the lab's window could not open: " + why, e);
    }
  }
}
