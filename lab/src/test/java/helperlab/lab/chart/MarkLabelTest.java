package helperlab.lab.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A trigger label too long for its plot gives way in whole parts, longest first. */
class MarkLabelTest {
  @Test
  void aLongLabelGivesWayInWholeParts() {
    assertEquals(List.of("spike x3 · down before the trigger (tipped at 1:23)", "spike x3 · down before the trigger",
        "spike x3"), MarkLabel.forms("spike x3 · down before the trigger (tipped at 1:23)"));
    assertEquals(List.of("spike x3 · not recovered", "spike x3"), MarkLabel.forms("spike x3 · not recovered"));
    assertEquals(List.of("back after 0:42"), MarkLabel.forms("back after 0:42"));
  }
}
