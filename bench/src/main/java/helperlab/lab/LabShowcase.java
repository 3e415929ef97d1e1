package helperlab.lab;

import helperlab.charts.ChartKind;
import helperlab.lab.live.Speed;
import helperlab.lab.view.LabWindow;
import helperlab.lab.viewmodel.LabConfig;
import helperlab.lab.viewmodel.LabView;
import helperlab.lab.viewmodel.LiveViewModel;
import helperlab.lab.viewmodel.Theme;
import helperlab.lab.viewmodel.TriggerChoice;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;

/**
 * Takes the README's screenshot: the real lab window with a live run 40 minutes in (fast-forwarded),
 * a spike triggered at 35 minutes (its window shaded, its recovery shown), helpers just called, every
 * chart full. With {@code allViews} it also saves the Runs, Compare and Sweep views next to it
 * ({@code <name>-runs.png}, ...) and, given a sweep with the spawn-cost study, its breakeven chart.
 */
public final class LabShowcase {
  private final Path file;
  private final boolean allViews;
  private final PrintStream out;
  private volatile LabWindow window;

  private LabShowcase(Path file, boolean allViews, PrintStream out) {
    this.file = file;
    this.allViews = allViews;
    this.out = out;
  }

  public static void run(LabConfig config, Path file, boolean allViews, PrintStream out) {
    LabShowcase s = new LabShowcase(file, allViews, out);
    Thread driver = new Thread(() -> {
      try {
        s.shoot();
      } catch (Throwable e) {
        out.println("screenshot failed: " + e);
        e.printStackTrace(out);
      } finally {
        Platform.runLater(() -> {
          if (s.window != null) {
            s.window.stage().close();
          }
          Platform.exit();
        });
      }
    }, "lab-screenshot");
    driver.setDaemon(true);
    Lab.launch(config, w -> {
      s.window = w;
      driver.start();
    });
  }

  private void shoot() throws Exception {
    FxWait.frames(2);
    LiveViewModel live = window.viewModel().live();
    FxWait.run(() -> {
      fit(window, width(), height());
      window.viewModel().themeProperty().set(theme());
      window.viewModel().viewProperty().set(LabView.LIVE);
      live.policyProperty().set("box");
      live.scenarioProperty().set("calm");
      live.machineProperty().set("cage");
      live.seedProperty().set(Integer.getInteger(SEED_PROPERTY, 3));
      live.admissionProperty().set("edf-fit");
      live.speedProperty().set(Speed.X1);
      live.start();
      live.skip(triggerAtS());
    });
    if (!FxWait.until(() -> {
      live.poll();
      return live.readouts().timeProperty().get() >= triggerAtS();
    }, 120_000)) {
      throw new IllegalStateException("the live run did not get to the trigger");
    }
    // a spike, then on to 40 minutes: its window shaded and, if it came, the recovery
    FxWait.run(() -> {
      live.triggers().choiceProperty().set(TriggerChoice.SPIKE_3);
      live.fireTrigger();
    });
    FxWait.until(() -> {
      live.poll();
      return !live.triggers().allProperty().get().isEmpty();
    }, 30_000);
    double until = triggerAtS() + 300;
    FxWait.run(() -> live.skip(until - live.readouts().timeProperty().get()));
    if (!FxWait.until(() -> {
      live.poll();
      return live.readouts().timeProperty().get() >= until;
    }, 120_000)) {
      throw new IllegalStateException("the live run did not get to five minutes after the trigger");
    }
    for (int i = 0; i < 3; i++) {
      FxWait.run(live::pressHelper);
      Thread.sleep(250);
    }
    Thread.sleep(1500);
    FxWait.frames(3);
    save(file);
    if (!allViews) {
      return;
    }
    FxWait.run(live::reset);
    String base = file.getFileName().toString().replaceFirst("\\.png$", "");
    // Runs: the live run that just ended, scrubbed to 25 minutes
    FxWait.until(() -> live.lastRecordProperty().get() != null, 30_000);
    FxWait.run(() -> {
      window.viewModel().showRun(live.lastRecordProperty().get());
      window.viewModel().timeline().setCursor(1500);
    });
    FxWait.frames(5);
    // the values under the pointer, as hovering shows them
    FxWait.run(() -> window.visibleCharts().chart(ChartKind.DEADLINES).readoutAt(1200));
    FxWait.frames(3);
    save(file.resolveSibling(base + "-runs.png"));
    // Compare: the pool against the box on the same seed
    FxWait.run(() -> {
      var c = window.viewModel().compare();
      c.policyAProperty().set("pool-edf-10");
      c.policyBProperty().set("box");
      c.scenarioProperty().set("calm");
      c.machineProperty().set("cage");
      c.seedProperty().set(3);
      window.viewModel().viewProperty().set(LabView.COMPARE);
    });
    FxWait.call(() -> window.viewModel().compare().compare()).get();
    FxWait.frames(5);
    FxWait.run(() -> window.visibleCharts().chart(ChartKind.WORKERS).readoutAt(1500));
    FxWait.frames(3);
    save(file.resolveSibling(base + "-compare.png"));
    // Sweep: every policy and scenario on the cage, two seeds
    FxWait.run(() -> {
      var sw = window.viewModel().sweep();
      sw.machinesProperty().set("cage");
      sw.seedsProperty().set(2);
      // relative to the working directory, as a reader would give --out: the picture's texts name it
      sw.outputDirProperty().set(Path.of("sweeps", "every-policy-on-the-cage"));
      window.viewModel().viewProperty().set(LabView.SWEEP);
    });
    FxWait.call(() -> window.viewModel().sweep().run()).get();
    FxWait.frames(5);
    save(file.resolveSibling(base + "-sweep.png"));
    // the spawn-cost study's breakeven chart, from a sweep that has it, with the values at the pointer
    String studies = System.getProperty(STUDIES_PROPERTY);
    if (studies == null) {
      return;
    }
    FxWait.call(() -> window.viewModel().sweep().open(Path.of(studies))).get();
    FxWait.until(() -> window.breakevenPlot() != null && !window.breakevenPlot().curves().isEmpty(), 30_000);
    FxWait.frames(5);
    FxWait.run(() -> {
      var plot = window.breakevenPlot();
      var points = plot.curves().get(0).points();
      plot.readoutAt(points.get(points.size() / 2).spawnCostS(), 330);
    });
    FxWait.frames(3);
    save(file.resolveSibling(base + "-breakeven.png"));
  }

  /**
   * The trigger in the Live picture starts at 35 minutes (then the run goes on five minutes more), or at the
   * second {@code -Dhelperlab.screenshot.trigger-at} says; the run's seed is 3 or {@code -Dhelperlab.screenshot.seed}.
   */
  private static final double TRIGGER_AT_S = 2100;
  static final String TRIGGER_AT_PROPERTY = "helperlab.screenshot.trigger-at";
  static final String SEED_PROPERTY = "helperlab.screenshot.seed";

  private static double triggerAtS() {
    return Double.parseDouble(System.getProperty(TRIGGER_AT_PROPERTY, String.valueOf(TRIGGER_AT_S)));
  }
  /** A sweep output with the spawn-cost study, for the breakeven picture (none: no such picture). */
  static final String STUDIES_PROPERTY = "helperlab.screenshot.studies";

  /** Window size for the pictures, e.g. {@code -Dhelperlab.screenshot.size=1366x768} (default 1600x1000). */
  static final String SIZE_PROPERTY = "helperlab.screenshot.size";
  /** Theme for the pictures: {@code light} (default) or {@code dark}. */
  static final String THEME_PROPERTY = "helperlab.screenshot.theme";

  /**
   * The window at the pictures' size; on a screen no larger it stays maximised, as a user's window opens there
   * (scripts/screenshot runs the lab under a window manager on a screen of that size), and the picture is its inside.
   */
  static void fit(LabWindow window, double w, double h) {
    javafx.geometry.Rectangle2D area = javafx.stage.Screen.getPrimary().getVisualBounds();
    if (area.getWidth() <= w && area.getHeight() <= h) {
      window.stage().setMaximized(true);
    } else {
      window.resize(w, h);
    }
  }

  static Theme theme() {
    return Theme.of(System.getProperty(THEME_PROPERTY, "light"));
  }

  static double width() {
    return size(0, 1600);
  }

  static double height() {
    return size(1, 1000);
  }

  private static double size(int part, double fallback) {
    String s = System.getProperty(SIZE_PROPERTY, "");
    String[] wh = s.split("x");
    try {
      return wh.length == 2 ? Double.parseDouble(wh[part].trim()) : fallback;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(SIZE_PROPERTY + " takes WIDTHxHEIGHT, e.g. 1366x768; got '" + s + "'");
    }
  }

  private void save(Path target) throws Exception {
    WritableImage img = FxWait.call(() -> window.stage().getScene().snapshot(null));
    Path parent = target.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    ImageIO.write(SwingFXUtils.fromFXImage(img, null), "png", target.toFile());
    out.printf("saved %s (%.0f x %.0f)%n", target, img.getWidth(), img.getHeight());
  }
}
