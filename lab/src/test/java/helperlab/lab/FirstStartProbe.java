package helperlab.lab;

import helperlab.lab.view.LabWindow;
import helperlab.lab.viewmodel.LabConfig;
import helperlab.lab.viewmodel.LabView;
import helperlab.lab.viewmodel.MainViewModel;
import helperlab.lab.viewmodel.RunEntry;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.animation.AnimationTimer;
import javafx.application.Platform;

/**
 * Started by {@code FirstStartTest} as its own process, in a folder without {@code lab-runs/} and with a fresh
 * {@code HOME}: opens the lab as a user would (its default settings), waits until the Runs list is filled and the
 * Sweep view shows a sweep, and prints what they show, a line each ("run: PLACE NAME KIND", "sweep: DIR ROWS").
 */
public final class FirstStartProbe {
  public static void main(String[] args) {
    CompletableFuture<LabWindow> opened = new CompletableFuture<>();
    Thread probe = new Thread(() -> {
      int code = 1;
      try {
        LabWindow w = opened.get(2, TimeUnit.MINUTES);
        MainViewModel vm = w.viewModel();
        waitFor(() -> !vm.library().entries().isEmpty() && !vm.library().entries().get(0).name().isEmpty());
        FxWait.run(() -> {
          for (RunEntry e : vm.runFilter().runs()) {
            System.out.println("run: " + e.place() + " " + e.name() + " " + e.kind().label());
          }
          System.out.println("runs folder: " + vm.library().folderProperty().get());
          vm.viewProperty().set(LabView.SWEEP);
        });
        waitFor(() -> vm.sweep().shownProperty().get() != null && !vm.sweep().rows().isEmpty());
        FxWait.run(() -> System.out.println("sweep: " + vm.sweep().shownProperty().get() + " "
            + vm.sweep().rows().size()));
        code = 0;
      } catch (Throwable e) {
        e.printStackTrace(System.out);
      } finally {
        int exit = code;
        Platform.runLater(() -> {
          Platform.exit();
          System.exit(exit);
        });
      }
    }, "first-start-probe");
    probe.setDaemon(true);
    Lab.launch(LabConfig.defaults(), w -> new AnimationTimer() {
      private int n;

      @Override
      public void handle(long now) {
        if (++n == 2) {
          stop();
          opened.complete(w);
          probe.start();
        }
      }
    }.start());
  }

  /** Until {@code c} holds on the FX thread (two minutes at most: a loaded machine is slow, not wrong). */
  private static void waitFor(java.util.function.BooleanSupplier c) throws Exception {
    if (!FxWait.until(c, TimeUnit.MINUTES.toMillis(2))) {
      throw new IllegalStateException("gave up waiting after two minutes");
    }
  }
}
