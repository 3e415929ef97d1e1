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

  /** Starts the lab and hands the open window to {@code opened} on the FX thread (benchmarks, screenshots). */
  public static void launch(LabConfig config, Consumer<LabWindow> opened) {
    LabApp.configure(config, opened);
    Application.launch(LabApp.class);
  }
}
