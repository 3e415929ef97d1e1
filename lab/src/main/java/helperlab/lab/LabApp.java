package helperlab.lab;

import helperlab.lab.view.LabWindow;
import helperlab.lab.viewmodel.LabConfig;
import java.util.function.Consumer;
import javafx.application.Application;
import javafx.stage.Stage;

/**
 * The JavaFX application. Started by {@link Lab#launch} (the jar's main class does not extend
 * Application, which JavaFX needs when it runs from a shaded jar on the class path).
 */
public final class LabApp extends Application {
  private static volatile LabConfig config = LabConfig.defaults();
  private static volatile Consumer<LabWindow> onOpen = w -> { };

  static void configure(LabConfig c, Consumer<LabWindow> opened) {
    config = c;
    onOpen = opened;
  }

  @Override
  public void start(Stage stage) {
    LabWindow w = LabWindow.open(stage, config);
    onOpen.accept(w);
  }
}
