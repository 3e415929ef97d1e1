package helperlab.lab;

import helperlab.charts.ChartKind;
import helperlab.lab.live.LiveState;
import helperlab.lab.remote.RemoteRun;
import helperlab.lab.view.LabWindow;
import helperlab.lab.viewmodel.LabConfig;
import helperlab.lab.viewmodel.LabView;
import helperlab.lab.viewmodel.RemoteViewModel;
import helperlab.remote.LocalProcessTransport;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;

/**
 * Takes docs/lab-remote-stalled.png and docs/lab-remote-fetched.png: the real lab window, 1366×768,
 * connected to a cage on this machine through its {@code ctl}, an exhibit streaming; then every ctl
 * process the lab runs is stopped with SIGSTOP and kept stopped (those it starts to reconnect too), as
 * a server whose session processes are stopped would be: the link says it is stalled, its band grows
 * and the values at the pointer say they are stale (the first picture). Held past the lab's give-up
 * time the exhibit's stream is lost while the exhibit ends on the cage; once the processes are
 * continued the lab follows it again and fetches its record (the second picture). Run by
 * {@code SHOWCASE=stall scripts/screenshot-remote}, which starts the cage.
 * Usage: {@code RemoteStallShowcase DATA_DIR STALLED.png FETCHED.png HOME_DIR}.
 */
public final class RemoteStallShowcase {
  private RemoteStallShowcase() {}

  public static void main(String[] args) {
    if (args.length != 4) {
      System.err.println("usage: RemoteStallShowcase CAGE_DATA_DIR STALLED.png FETCHED.png LAB_HOME");
      System.exit(2);
    }
    Path data = Path.of(args[0]).toAbsolutePath();
    Path home = Path.of(args[3]).toAbsolutePath();
    LabConfig config = LabConfig.defaults().withHome(home).withRunsDir(home.resolve("lab-runs"));
    LabWindow[] window = new LabWindow[1];
    int[] code = {1};
    Thread driver = new Thread(() -> {
      try {
        shoot(window[0], data, Path.of(args[1]).toAbsolutePath(), Path.of(args[2]).toAbsolutePath(), System.out);
        code[0] = 0;
      } catch (Throwable e) {
        System.out.println("screenshot failed: " + e);
        e.printStackTrace(System.out);
      } finally {
        Platform.runLater(() -> {
          window[0].stage().close();
          Platform.exit();
        });
      }
    }, "remote-stall-screenshot");
    driver.setDaemon(true);
    Lab.launch(config, w -> {
      window[0] = w;
      driver.start();
    });
    System.exit(code[0]);
  }

  private static void shoot(LabWindow window, Path data, Path stalledPng, Path fetchedPng, PrintStream log)
      throws Exception {
    FxWait.frames(2);
    RemoteViewModel remote = window.viewModel().remote();
    List<String> ctl = List.of(ProcessHandle.current().info().command().orElse("java"), "-jar",
        System.getProperty("java.class.path"), "ctl", "--data", data.toString());
    FxWait.run(() -> {
      window.resize(1366, 768);
      window.viewModel().viewProperty().set(LabView.REMOTE);
      remote.connect(new LocalProcessTransport(ctl), "local cage");
    });
    require(FxWait.until(() -> remote.connectionProperty().get() == RemoteViewModel.Connection.CONNECTED, 60_000),
        "connected", remote);
    RemoteRun running = null;
    // a fresh cage refuses exhibits until its samples are ready: asked again until one runs
    for (int attempt = 0; attempt < 40 && running == null; attempt++) {
      FxWait.run(() -> {
        remote.exhibit().policyProperty().set("pool-edf-10");
        remote.exhibit().scenarioProperty().set("calm");
        remote.exhibit().seedProperty().set(3L);
        remote.startExhibit();
      });
      RemoteRun tried = FxWait.call(() -> (RemoteRun) remote.exhibit().runProperty().get());
      FxWait.until(() -> tried.status().timeS() >= 20 || tried.status().state() == LiveState.FAILED, 180_000);
      if (tried.status().timeS() >= 20) {
        running = tried;
      } else {
        log.println("the exhibit did not run: " + tried.link());
        Thread.sleep(5_000);
      }
    }
    require(running != null, "20 s into an exhibit", remote);
    RemoteRun run = running;

    try (Stopper stopper = new Stopper()) {
      log.println("stopped the ctl processes at " + run.status().timeS() + " s: " + stopper.stopped);
      require(FxWait.until(() -> run.link().startsWith("stalled") && width(run.openGap()) >= 10, 120_000),
          "stalled for 10 s", remote);
      RemoteRun.Gap open = run.openGap();
      FxWait.run(() -> window.visibleCharts().chart(ChartKind.WORKERS).readoutAt(open.fromS() + 4));
      FxWait.frames(3);
      save(window, stalledPng, log);
      log.println("link: " + run.link());
      // past the follower's give-up time: the exhibit ends on the cage while the lab cannot see it
      require(FxWait.until(() -> run.link().startsWith("Lost the cage's event stream"), 240_000), "the stream lost",
          remote);
      log.println("link: " + run.link());
    }
    log.println("continued the ctl processes");
    FxWait.run(remote::retry); // as a user would press Retry if the status check gave up too
    require(FxWait.until(() -> remote.exhibit().lastRecordProperty().get() != null, 240_000), "the record fetched",
        remote);
    FxWait.frames(5);
    FxWait.run(() -> window.visibleCharts().chart(ChartKind.WORKERS).readoutAt(10));
    FxWait.frames(3);
    save(window, fetchedPng, log);
    log.printf("link: %s; gaps %s; stream entries %d, duplicates %d, missing %d%n", run.link(), run.gaps(),
        run.lastSeq(), run.duplicates(), run.missing());
  }

  private static double width(RemoteRun.Gap g) {
    return g == null ? 0 : g.toS() - g.fromS();
  }

  private static void save(LabWindow window, Path out, PrintStream log) throws Exception {
    WritableImage img = FxWait.call(() -> window.stage().getScene().snapshot(null));
    Files.createDirectories(out.getParent());
    ImageIO.write(SwingFXUtils.fromFXImage(img, null), "png", out.toFile());
    log.printf("saved %s (%.0f x %.0f)%n", out, img.getWidth(), img.getHeight());
  }

  private static void require(boolean ok, String what, RemoteViewModel remote) throws Exception {
    if (!ok) {
      throw new IllegalStateException("not " + what + ": " + FxWait.call(() -> remote.errorProperty().get()));
    }
  }

  /**
   * Keeps every ctl process of this JVM stopped (SIGSTOP), those started later too, until closed; then
   * continues them all (SIGCONT).
   */
  private static final class Stopper implements AutoCloseable {
    final Set<Long> stopped = ConcurrentHashMap.newKeySet();
    private volatile boolean holding = true;
    private final Thread thread;

    Stopper() throws IOException {
      stopNew();
      thread = new Thread(() -> {
        while (holding) {
          try {
            stopNew();
            Thread.sleep(20);
          } catch (IOException | InterruptedException e) {
            return;
          }
        }
      }, "ctl-stopper");
      thread.setDaemon(true);
      thread.start();
    }

    private void stopNew() throws IOException {
      List<String> pids = new ArrayList<>();
      ProcessHandle.current().children().filter(p -> p.info().commandLine().orElse("").contains(" ctl "))
          .filter(p -> stopped.add(p.pid())).forEach(p -> pids.add(Long.toString(p.pid())));
      signal("-STOP", pids);
    }

    private static void signal(String sig, List<String> pids) throws IOException {
      if (pids.isEmpty()) {
        return;
      }
      List<String> cmd = new ArrayList<>(List.of("kill", sig));
      cmd.addAll(pids);
      try {
        new ProcessBuilder(cmd).inheritIO().start().waitFor();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    @Override
    public void close() throws Exception {
      holding = false;
      thread.join();
      signal("-CONT", stopped.stream().map(Object::toString).toList());
    }
  }
}
