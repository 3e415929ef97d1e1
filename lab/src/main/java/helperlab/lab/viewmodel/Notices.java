package helperlab.lab.viewmodel;

import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * What the lab tells the user: errors (a bad run file, a failed sweep) and notes (a file written). The
 * window shows the latest error in a banner and every notice in the status bar's log; nothing goes
 * only to stderr. Use on the UI thread.
 */
public final class Notices {
  private static final int KEEP = 200;
  private final ObservableList<Notice> all = FXCollections.observableArrayList();
  private final ObjectProperty<Notice> banner = new SimpleObjectProperty<>();
  private final ObjectProperty<Notice> latest = new SimpleObjectProperty<>();

  public void error(String text) {
    Notice n = add(Notice.Level.ERROR, text);
    banner.set(n);
  }

  /** A note; something just worked, so an error banner from before is out of date and goes. */
  public void info(String text) {
    add(Notice.Level.INFO, text);
    banner.set(null);
  }

  /**
   * Work named {@code what} has now succeeded: its earlier error ({@code "what: ..."}) leaves the banner
   * and the status line.
   */
  public void succeeded(String what) {
    String prefix = what + ":";
    Notice b = banner.get();
    if (b != null && b.text().startsWith(prefix)) {
      banner.set(null);
    }
    Notice l = latest.get();
    if (l != null && l.isError() && l.text().startsWith(prefix)) {
      latest.set(null);
    }
  }

  private Notice add(Notice.Level level, String text) {
    Notice n = new Notice(level, text, LocalTime.now().truncatedTo(ChronoUnit.SECONDS));
    all.add(n);
    if (all.size() > KEEP) {
      all.remove(0, all.size() - KEEP);
    }
    latest.set(n);
    return n;
  }

  /** The user has read the error: it leaves the banner, and the status line if it shows it too. */
  public void dismissBanner() {
    Notice b = banner.get();
    banner.set(null);
    if (b != null && latest.get() == b) {
      latest.set(null);
    }
  }

  /** The error shown in the banner, or null. */
  public ReadOnlyObjectProperty<Notice> bannerProperty() {
    return banner;
  }

  public ReadOnlyObjectProperty<Notice> latestProperty() {
    return latest;
  }

  public ObservableList<Notice> all() {
    return all;
  }
}
