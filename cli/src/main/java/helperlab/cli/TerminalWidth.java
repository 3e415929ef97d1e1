package helperlab.cli;

import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/** How many columns the terminal has, for a progress bar that must fit on one line (80 when it cannot tell). */
final class TerminalWidth {
  static final int FALLBACK = 80;

  private TerminalWidth() {}

  static int columns() {
    // dumb allowed: where no system terminal can be made, jline says nothing and the fallback stands
    try (Terminal t = TerminalBuilder.builder().system(true).dumb(true).build()) {
      int w = t.getWidth();
      return w >= 20 ? w - 1 : FALLBACK; // one short of the edge: a full line would wrap on some terminals
    } catch (java.io.IOException | RuntimeException e) {
      return FALLBACK;
    }
  }
}
