package helperlab.lab.viewmodel;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.value.ObservableStringValue;

/**
 * What the window's title and status bar name as where runs come from: the embedded simulator, or
 * the cage while the Remote tab is connected to one (back to the simulator after Disconnect).
 */
public final class SourceTitle {
  public static final String APP = "Helper Lab";

  private final StringBinding source;
  private final StringBinding title;
  private final StringBinding status;

  /** {@code cage}: the connected cage's name ({@code user@host}), empty when not connected. */
  public SourceTitle(String simulator, ObservableStringValue cage) {
    this.source = Bindings.createStringBinding(() -> cage.get() == null || cage.get().isEmpty() ? simulator
        : "cage " + cage.get(), cage);
    this.title = Bindings.createStringBinding(() -> APP + " — " + source.get(), source);
    this.status = Bindings.createStringBinding(() -> cage.get() == null || cage.get().isEmpty()
        ? "live source: " + simulator : "connected to cage " + cage.get(), cage);
  }

  /** e.g. {@code "embedded simulator"} or {@code "cage lab@cage.example"}. */
  public StringBinding sourceProperty() {
    return source;
  }

  /** e.g. {@code "Helper Lab — cage lab@cage.example"}. */
  public StringBinding titleProperty() {
    return title;
  }

  /** The status bar's source, e.g. {@code "connected to cage lab@cage.example"}. */
  public StringBinding statusProperty() {
    return status;
  }
}
