package helperlab.lab;

import helperlab.lab.remote.RemoteRun;
import helperlab.lab.view.LabWindow;
import helperlab.lab.viewmodel.LabConfig;
import helperlab.lab.viewmodel.LabView;
import helperlab.lab.viewmodel.RemoteViewModel;
import helperlab.remote.LocalProcessTransport;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;

/**
 * Takes docs/lab-remote.png: the real lab window connected to a cage on this machine (through its
 * {@code helper-lab ctl}), a policy pushed, an exhibit streaming with the simulator's replay beside
 * it, and the link cut once on purpose so the charts show the time it was down. Run by
 * {@code scripts/screenshot-remote}, which starts the cage.
 * Usage: {@code RemoteShowcase DATA_DIR OUT.png HOME_DIR [policy scenario seed]}.
 */
public final class RemoteShowcase {
  private RemoteShowcase() {}

  public static void main(String[] args) {
    if (args.length < 3) {
      System.err.println("usage: RemoteShowcase CAGE_DATA_DIR OUT.png LAB_HOME [policy scenario seed]");
      System.exit(2);
    }
    Path data = Path.of(args[0]).toAbsolutePath();
    Path out = Path.of(args[1]).toAbsolutePath();
    Path home = Path.of(args[2]).toAbsolutePath();
    String policy = args.length > 3 ? args[3] : "box";
    String scenario = args.length > 4 ? args[4] : "busy";
    long seed = args.length > 5 ? Long.parseLong(args[5]) : 3;
    LabConfig config = LabConfig.defaults().withHome(home).withRunsDir(home.resolve("lab-runs"));
    PrintStream log = System.out;
    LabWindow[] window = new LabWindow[1];
    int[] code = {1};
    Thread driver = new Thread(() -> {
      try {
        shoot(window[0], data, out, policy, scenario, seed, log);
        code[0] = 0;
      } catch (Throwable e) {
        log.println("screenshot failed: " + e);
        e.printStackTrace(log);
      } finally {
        Platform.runLater(() -> {
          window[0].stage().close();
          Platform.exit();
        });
      }
    }, "remote-screenshot");
    driver.setDaemon(true);
    Lab.launch(config, w -> {
      window[0] = w;
      driver.start();
    });
    System.exit(code[0]);
  }

  private static void shoot(LabWindow window, Path data, Path out, String policy, String scenario, long seed,
      PrintStream log) throws Exception {
    FxWait.frames(2);
    RemoteViewModel remote = window.viewModel().remote();
    // Run from the shaded jar (scripts/screenshot-remote), whose manifest names the entry point.
    List<String> ctl = List.of(ProcessHandle.current().info().command().orElse("java"), "-jar",
        System.getProperty("java.class.path"), "ctl", "--data", data.toString());
    FxWait.run(() -> {
      // -Dhelperlab.screenshot.size and .theme as for the other pictures (default 1600x1000, light)
      LabShowcase.fit(window, LabShowcase.width(), LabShowcase.height());
      window.viewModel().themeProperty().set(LabShowcase.theme());
      window.viewModel().viewProperty().set(LabView.REMOTE);
      remote.connect(new LocalProcessTransport(ctl), "local cage");
    });
    require(FxWait.until(() -> remote.connectionProperty().get() == RemoteViewModel.Connection.CONNECTED, 60_000),
        "connected", remote);
    FxWait.run(() -> {
      remote.policyProperty().set("pool-edf-10");
      remote.pushPolicy();
    });
    require(FxWait.until(() -> !remote.policyResultProperty().get().isEmpty(), 30_000), "policy pushed", remote);
    FxWait.run(() -> {
      remote.exhibit().policyProperty().set(policy);
      remote.exhibit().scenarioProperty().set(scenario);
      remote.exhibit().seedProperty().set(seed);
      remote.startExhibit();
    });
    RemoteRun run = FxWait.call(() -> (RemoteRun) remote.exhibit().runProperty().get());
    require(FxWait.until(() -> run.status().timeS() >= 18, 90_000), "18 s into the exhibit", remote);
    run.dropConnection(); // on purpose: the charts show the time the link was down
    log.println("cut the link at " + run.status().timeS() + " s");
    require(FxWait.until(() -> !run.gaps().isEmpty(), 60_000), "the link back", remote);
    require(FxWait.until(() -> run.status().timeS() >= 42, 90_000), "42 s into the exhibit", remote);
    FxWait.frames(3);
    WritableImage img = FxWait.call(() -> window.stage().getScene().snapshot(null));
    Files.createDirectories(out.getParent());
    ImageIO.write(SwingFXUtils.fromFXImage(img, null), "png", out.toFile());
    log.printf("saved %s (%.0f x %.0f); link gaps %s; stream entries %d, duplicates %d, missing %d%n", out,
        img.getWidth(), img.getHeight(), run.gaps(), run.lastSeq(), run.duplicates(), run.missing());
    // let it end so its record is fetched and kept (shows the whole path works)
    if (FxWait.until(() -> remote.exhibit().lastRecordProperty().get() != null, 120_000)) {
      log.println("record kept: " + FxWait.call(() -> remote.exhibit().lastRecordProperty().get().id()));
    }
  }

  private static void require(boolean ok, String what, RemoteViewModel remote) throws Exception {
    if (!ok) {
      throw new IllegalStateException("not " + what + ": " + FxWait.call(() -> remote.errorProperty().get()));
    }
  }
}
