package helperlab.lab.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.TestRuns;
import helperlab.charts.ChartKind;
import helperlab.lab.live.SimulatorSource;
import helperlab.lab.live.Speed;
import helperlab.model.Calibration;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole lab's model: remembered settings, a bad settings file, export of what is on screen. */
class MainViewModelTest {
  private final UiThread ui = new UiThread();

  private MainViewModel model(Path dir) {
    LabConfig config = new LabConfig(dir.resolve("lab-runs"), dir.resolve("home"),
        new SimulatorSource(Calibration.seed(), 1.0, 300));
    return ui.call(() -> new MainViewModel(config, ui));
  }

  @AfterEach
  void close() {
    ui.close();
  }

  @Test
  void remembersThemeViewAndChoices(@TempDir Path dir) {
    MainViewModel vm = model(dir);
    ui.run(() -> {
      vm.themeProperty().set(Theme.DARK);
      vm.viewProperty().set(LabView.COMPARE);
      vm.live().policyProperty().set("split-forecast");
      vm.live().seedProperty().set(11);
      vm.live().speedProperty().set(Speed.X60);
      vm.compare().policyBProperty().set("autoscale-lag");
      vm.savePrefs(10, 20, 1300, 850, false);
      vm.shutdown();
    });
    MainViewModel again = model(dir);
    assertEquals(Theme.DARK, ui.call(() -> again.themeProperty().get()));
    assertEquals(LabView.COMPARE, ui.call(() -> again.viewProperty().get()));
    assertEquals("split-forecast", ui.call(() -> again.live().policyProperty().get()));
    assertEquals(11, ui.call(() -> again.live().seedProperty().get()));
    assertEquals(Speed.X60, ui.call(() -> again.live().speedProperty().get()));
    assertEquals("autoscale-lag", ui.call(() -> again.compare().policyBProperty().get()));
    assertEquals(1300, ui.call(() -> again.prefs().windowWidth));
  }

  @Test
  void theTitleNamesTheSimulatorWhileNoCageIsConnected(@TempDir Path dir) {
    MainViewModel vm = model(dir);
    assertEquals("Helper Lab — embedded simulator", ui.call(() -> vm.sourceTitle().titleProperty().get()));
    assertEquals("live source: embedded simulator", ui.call(() -> vm.sourceTitle().statusProperty().get()));
  }

  @Test
  void aBrokenSettingsFileIsReportedAndTheDefaultsUsed(@TempDir Path dir) throws Exception {
    Files.createDirectories(dir.resolve("home"));
    Files.writeString(dir.resolve("home").resolve(LabPrefs.FILE), "{\"theme\": ");
    MainViewModel vm = model(dir);
    Notice n = ui.call(() -> vm.notices().bannerProperty().get());
    assertTrue(n != null && n.text().contains(LabPrefs.FILE) && n.text().contains("using defaults"), String.valueOf(n));
    assertEquals(Theme.LIGHT, ui.call(() -> vm.themeProperty().get()));
  }

  @Test
  void exportsTheRunOnScreenOrSaysWhyNot(@TempDir Path dir) throws Exception {
    MainViewModel vm = model(dir);
    ui.run(() -> vm.viewProperty().set(LabView.SWEEP));
    Path png = dir.resolve("out").resolve("w.png");
    assertTrue(ui.call(() -> vm.export(ChartKind.WORKERS, png, 700, 400)).isCompletedExceptionally());
    assertTrue(ui.call(() -> vm.notices().bannerProperty().get().text()).contains("Sweep view has no time charts"));

    ui.run(() -> vm.showRun(TestRuns.sim("box", "calm", 1, 300)));
    assertEquals(LabView.RUNS, ui.call(() -> vm.viewProperty().get()));
    ui.call(() -> vm.export(ChartKind.WORKERS, png, 700, 400)).get(30, TimeUnit.SECONDS);
    BufferedImage img = ImageIO.read(png.toFile());
    assertEquals(700, img.getWidth());
    assertEquals(400, img.getHeight());
    ui.await("a note naming the file", Duration.ofSeconds(5),
        () -> vm.notices().latestProperty().get().text().contains("w.png"));
    assertEquals(png.getParent().toAbsolutePath(), ui.call(vm::exportFolder), "the next export is offered there");
  }

  @Test
  void theFirstExportIsOfferedTheHomeFolderAndTheLastOneIsRemembered(@TempDir Path dir) throws Exception {
    MainViewModel vm = model(dir);
    assertEquals(helperlab.model.UserDirs.current().home(), ui.call(vm::exportFolder), "the home, not the clone");
    ui.run(() -> vm.showRun(TestRuns.sim("box", "calm", 1, 300)));
    Path csv = Files.createDirectories(dir.resolve("exports")).resolve("all.csv");
    ui.call(() -> vm.export(null, csv, 700, 400)).get(30, TimeUnit.SECONDS);
    ui.await("exported", Duration.ofSeconds(5), () -> vm.notices().latestProperty().get().text().contains("all.csv"));
    ui.run(() -> vm.savePrefs(0, 0, 1200, 700, false));
    assertEquals(csv.getParent().toAbsolutePath(), ui.call(model(dir)::exportFolder), "remembered between sessions");
  }
}
