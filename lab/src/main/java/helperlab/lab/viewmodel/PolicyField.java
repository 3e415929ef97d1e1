package helperlab.lab.viewmodel;

import java.util.List;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * One parameter of the policy form: its key in a policy file ({@code pool.chunk}), its name in plain words, what
 * it does, the text the user edits (a choice's word, {@code true}/{@code false} for a flag, a number as typed),
 * what is wrong with it (empty when nothing) and whether its section applies to the family chosen.
 */
public record PolicyField(String key, String section, String label, String hint, Kind kind, List<String> choices,
    boolean optional, StringProperty text, StringProperty problem, BooleanProperty shown) {

  /** How the field is edited and read. */
  public enum Kind { TEXT, DECIMAL, WHOLE, CHOICE, FLAG }

  static PolicyField of(String key, String section, String label, String hint, Kind kind, List<String> choices,
      boolean optional) {
    return new PolicyField(key, section, label, hint, kind, choices, optional, new SimpleStringProperty(""),
        new SimpleStringProperty(""), new SimpleBooleanProperty(true));
  }

  /** The name the form's messages give it: its words, then its key in a file. */
  public String named() {
    return label + " (" + key + ")";
  }
}
