package helperlab.lab.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleStringProperty;
import org.junit.jupiter.api.Test;

/** A sweep's progress reaches the end however its threads' updates arrive. */
class SweepProgressTest {
  private final List<Runnable> posted = new ArrayList<>();
  private final SimpleDoubleProperty progress = new SimpleDoubleProperty(0.5);
  private final SimpleStringProperty text = new SimpleStringProperty("");

  @Test
  void updatesArrivingOutOfOrderNeverTakeItBack() {
    SweepProgress p = new SweepProgress(12, posted::add, progress, text);
    assertEquals(0, progress.get(), "a new sweep starts at 0");
    assertEquals("0 / 12 runs", text.get());
    p.done(11); // two threads finish the last two runs; the last one's update is handed over first
    p.done(12);
    Collections.reverse(posted);
    posted.forEach(Runnable::run);
    assertEquals(1.0, progress.get(), 1e-12);
    assertEquals("12 / 12 runs", text.get());
  }

  @Test
  void aLongSweepPostsAboutOneUpdateAPercent() {
    SweepProgress p = new SweepProgress(10_000, posted::add, progress, text);
    for (int done = 1; done <= 10_000; done++) {
      p.done(done);
    }
    assertEquals(101, posted.size(), "one per percent from 0% to 100%, the last run's among them");
    posted.forEach(Runnable::run);
    assertEquals(1.0, progress.get(), 1e-12);
  }

  @Test
  void aSweepOfNoRunsIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new SweepProgress(0, posted::add, progress, text));
    assertEquals("a sweep has at least one run, got 0", e.getMessage());
  }
}
