package helperlab.lab.view;

import helperlab.lab.viewmodel.BuiltIns;
import java.util.List;
import javafx.beans.property.LongProperty;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.control.TextFormatter;
import javafx.util.converter.IntegerStringConverter;

/** Small helpers for the choosers the views share. */
final class Choices {
  private Choices() {}

  static List<String> admissions() {
    return BuiltIns.admissions();
  }

  /** A seed spinner (0 .. 1,000,000, typing allowed, digits only) kept in step with {@code seed}. */
  static void seedSpinner(Spinner<Integer> spinner, LongProperty seed) {
    SpinnerValueFactory.IntegerSpinnerValueFactory f =
        new SpinnerValueFactory.IntegerSpinnerValueFactory(0, 1_000_000, (int) seed.get());
    spinner.setValueFactory(f);
    spinner.getEditor().setTextFormatter(new TextFormatter<>(new IntegerStringConverter(), (int) seed.get(),
        c -> c.getControlNewText().matches("\\d{0,7}") ? c : null));
    spinner.getEditor().textProperty().addListener((o, a, b) -> {
      if (b != null && b.matches("\\d{1,7}")) {
        int v = Math.min(1_000_000, Integer.parseInt(b));
        if (f.getValue() != v) {
          f.setValue(v);
        }
      }
    });
    f.valueProperty().addListener((o, a, b) -> {
      if (b != null && b != seed.get()) {
        seed.set(b);
      }
    });
    seed.addListener((o, a, b) -> {
      if (f.getValue() == null || f.getValue() != b.intValue()) {
        f.setValue(b.intValue());
      }
    });
  }
}
