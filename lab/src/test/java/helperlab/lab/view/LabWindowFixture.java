package helperlab.lab.view;

import helperlab.lab.live.SimulatorSource;
import helperlab.lab.viewmodel.LabConfig;
import helperlab.lab.viewmodel.LabView;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.stage.Stage;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The lab's window opened for a test over a folder of its own (runs folder and home), optionally holding the Xeon
 * set's recorded box-on-busy runs so the Runs and Compare views have something to show; sized, switched between
 * views and closed the way every window test does it.
 */
final class LabWindowFixture {
  /** The committed real runs the views are filled with: the Xeon set's box on busy, seeds 1 to 3. */
  static final Path XEON = Path.of("lab-runs/xeon-2026-12-01/real");

  final LabWindow window;

  private LabWindowFixture(LabWindow window) {
    this.window = window;
  }

  /** Opens the window over {@code dir}; {@code withRecordedRuns}: with the Xeon runs in its runs folder. */
  static LabWindowFixture open(Path dir, boolean withRecordedRuns) throws Exception {
    if (withRecordedRuns) {
      copyRecordedRuns(dir);
    }
    LabConfig config = new LabConfig(dir.resolve("lab-runs"), rememberedWindow(dir.resolve("home")),
        new SimulatorSource());
    LabWindow w = WaitForAsyncUtils.asyncFx(() -> LabWindow.open(new Stage(), config)).get(120, TimeUnit.SECONDS);
    WaitForAsyncUtils.waitForFxEvents();
    return new LabWindowFixture(w);
  }

  /**
   * Opens the window as a fresh install shows it: the sample set the lab carries unpacked into its home and listed
   * as its runs folder (the set's long folder names are what the choosers must show whole).
   */
  static LabWindowFixture openOnSamples(Path dir) throws Exception {
    helperlab.lab.viewmodel.SampleSet samples = new helperlab.lab.viewmodel.SampleSet(dir.resolve("home"));
    if (samples.unpack() == 0) {
      throw new IllegalStateException("the build carries no sample set (target/classes/samples)");
    }
    LabConfig config = new LabConfig(samples.runsDir(), rememberedWindow(dir.resolve("home")), new SimulatorSource());
    LabWindow w = WaitForAsyncUtils.asyncFx(() -> LabWindow.open(new Stage(), config)).get(120, TimeUnit.SECONDS);
    WaitForAsyncUtils.waitForFxEvents();
    return new LabWindowFixture(w);
  }

  /**
   * A lab home that remembers a window of 1440 × 900, so the window opens at that size and not maximised: the
   * headless screen has no window manager, and the tests size the window themselves (DesktopWindowTest holds the
   * first, maximised window under a real manager). Returns the home.
   */
  static Path rememberedWindow(Path home) throws IOException {
    Files.createDirectories(home);
    Path prefs = home.resolve(helperlab.lab.viewmodel.LabPrefs.FILE);
    if (!Files.exists(prefs)) {
      Files.writeString(prefs, "{\"windowX\": 80, \"windowY\": 80, \"windowWidth\": 1440, \"windowHeight\": 900}");
    }
    return home;
  }

  private static void copyRecordedRuns(Path dir) throws IOException {
    Path real = Files.createDirectories(dir.resolve("lab-runs/xeon/real"));
    try (var files = Files.list(XEON)) {
      for (Path f : files.filter(f -> f.getFileName().toString().startsWith("real-busy-box-cage-s")).toList()) {
        Files.copy(f, real.resolve(f.getFileName()));
      }
    }
  }

  /** Waits for the window's background work to end, then closes it. */
  void close() throws Exception {
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(() -> window.viewModel().work().running() == 0));
    WaitForAsyncUtils.asyncFx(() -> window.stage().close()).get(30, TimeUnit.SECONDS);
  }

  /** {@code f} on the FX thread, its answer. */
  <T> T fx(Callable<T> f) throws Exception {
    return WaitForAsyncUtils.asyncFx(f).get(120, TimeUnit.SECONDS);
  }

  /** The window's size set (its minimum lifted first, so a laptop size is taken as asked). */
  void resize(double w, double h) throws Exception {
    run(() -> {
      window.resize(w, h);
    });
  }

  /** View {@code v} shown and laid out. */
  void show(LabView v) throws Exception {
    run(() -> window.viewModel().viewProperty().set(v));
    run(() -> window.stage().getScene().getRoot().layout());
  }

  private void run(Runnable r) throws Exception {
    WaitForAsyncUtils.asyncFx(r).get(120, TimeUnit.SECONDS);
    WaitForAsyncUtils.waitForFxEvents();
  }
}
