package helperlab.lab;

import helperlab.lab.viewmodel.LabConfig;
import helperlab.lab.viewmodel.LabView;
import helperlab.lab.viewmodel.Theme;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;

/**
 * Takes the Sweep view's phase-diagram picture: the real lab window with a phase study's sweep output opened,
 * at the size and in the theme {@link LabShowcase}'s properties name ({@code -Dhelperlab.screenshot.size=1366x768},
 * {@code -Dhelperlab.screenshot.theme=dark}). {@code scripts/screenshot-phase} runs it under Xvfb:
 * {@code java -cp target/bench/helper-lab.jar helperlab.lab.PhaseShowcase SWEEP_DIR OUT.png [price]} (a showcase:
 * built by {@code mvn -Pbench package}, not in the product jar); with {@code price}, the price maps rather than the
 * 60 s spike's diagrams.
 */
public final class PhaseShowcase {
  private PhaseShowcase() {}

  public static void main(String[] args) {
    if (args.length != 2 && !(args.length == 3 && args[2].equals("price"))) {
      System.err.println("usage: PhaseShowcase SWEEP_DIR OUT.png [price] (a sweep output with --study phase)");
      System.exit(2);
    }
    boolean prices = args.length == 3;
    Path sweep = Path.of(args[0]);
    Path out = Path.of(args[1]);
    if (!Files.isDirectory(sweep)) {
      System.err.println("no sweep output directory at " + sweep.toAbsolutePath());
      System.exit(2);
    }
    LabConfig config = LabConfig.defaults();
    Lab.launch(config, window -> {
      Thread driver = new Thread(() -> {
        try {
          FxWait.frames(2);
          FxWait.run(() -> {
            LabShowcase.fit(window, size(0, 1366), size(1, 768));
            window.viewModel().themeProperty().set(Theme.of(System.getProperty(LabShowcase.THEME_PROPERTY,
                "light")));
            window.viewModel().viewProperty().set(LabView.SWEEP);
          });
          // the view opens the committed sweep when first shown: let it land first, or it would replace ours
          FxWait.until(() -> window.viewModel().work().running() == 0, 120_000);
          FxWait.call(() -> window.viewModel().sweep().open(sweep)).get();
          if (!FxWait.until(() -> window.viewModel().sweep().phase().hasStudy(), 60_000)) {
            throw new IllegalStateException(sweep + " has no phase study (run sweep --study phase --out DIR)");
          }
          if (prices) {
            FxWait.run(() -> window.viewModel().sweep().phase().triggerProperty()
                .set(helperlab.lab.viewmodel.PhaseViewModel.PRICES));
          }
          FxWait.frames(6);
          WritableImage img = FxWait.call(() -> window.stage().getScene().snapshot(null));
          Path parent = out.toAbsolutePath().getParent();
          Files.createDirectories(parent);
          ImageIO.write(SwingFXUtils.fromFXImage(img, null), "png", out.toFile());
          System.out.printf("saved %s (%.0f x %.0f)%n", out, img.getWidth(), img.getHeight());
        } catch (Throwable e) {
          System.out.println("screenshot failed: " + e);
          e.printStackTrace(System.out);
        } finally {
          Platform.runLater(() -> {
            window.stage().close();
            Platform.exit();
          });
        }
      }, "phase-screenshot");
      driver.setDaemon(true);
      driver.start();
    });
  }

  private static double size(int part, double fallback) {
    String[] wh = System.getProperty(LabShowcase.SIZE_PROPERTY, "").split("x");
    return wh.length == 2 ? Double.parseDouble(wh[part].trim()) : fallback;
  }
}
