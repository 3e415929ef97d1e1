package helperlab.cli;

import java.util.logging.Filter;
import java.util.logging.Logger;

/**
 * JavaFX warns at every start that it was loaded from the class path ("Unsupported JavaFX configuration: classes were
 * loaded from 'unnamed module ...'"): it is, by design, for one runnable jar per desktop holds JavaFX beside the lab,
 * and the lab is tested that way. The warning tells a user nothing they can act on, so this one line is dropped;
 * every other JavaFX message (CSS, rendering) still shows.
 */
final class UnnamedModuleNotice {
  /** JavaFX's own logger ({@code com.sun.javafx.logging.PlatformLogger} over java.util.logging), held so it stays. */
  private static final Logger JAVAFX = Logger.getLogger("javafx");

  private UnnamedModuleNotice() {}

  static void silence() {
    Filter before = JAVAFX.getFilter();
    JAVAFX.setFilter(r -> !isTheNotice(r.getMessage()) && (before == null || before.isLoggable(r)));
  }

  static boolean isTheNotice(String message) {
    return message != null && message.startsWith("Unsupported JavaFX configuration: classes were loaded from 'unnamed module");
  }
}
