package helperlab.lab.viewmodel;

import helperlab.charts.style.TimeFormat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.TestRuns;
import helperlab.model.EventType;
import helperlab.model.RunEvent;
import helperlab.model.RunRecord;
import org.junit.jupiter.api.Test;

/** Scrubbing a recorded run without a window: cursor, events at the cursor, stepping, playback, filters. */
class TimelineViewModelTest {
  private static final RunRecord RUN = TestRuns.sim("split-timer-budget", "busy", 5, 600);

  @Test
  void atTheStartTheEventListSitsOnTheFirstEventAndSaysWhenItComes() {
    TimelineViewModel vm = new TimelineViewModel();
    vm.open(RUN);
    vm.setCursor(0);
    double first = vm.events().get(0).t();
    assertTrue(first > 0, "this run's first event comes after 0:00: " + first);
    assertEquals(-1, vm.cursorEventProperty().get(), "no event has happened yet");
    assertEquals(0, vm.cursorRowProperty().get() + vm.windowStartProperty().get(), "the list is on the first event");
    assertTrue(vm.stateTextProperty().get().startsWith("first event at " + TimeFormat.elapsedPrecise(first)),
        vm.stateTextProperty().get());
    vm.setCursor(first);
    assertFalse(vm.stateTextProperty().get().startsWith("first event"), "once it has happened, no more");
  }

  @Test
  void theEventAtTheCursorIsTheLastOneAtOrBeforeIt() {
    TimelineViewModel vm = new TimelineViewModel();
    vm.open(RUN);
    assertEquals(RUN.events().size(), vm.events().size());
    for (double t : new double[] {0.01, 17.25, 123.4, 333.3, 599}) {
      vm.setCursor(t);
      int i = vm.cursorEventProperty().get();
      if (i < 0) {
        assertTrue(vm.events().get(0).t() > t, "no event yet at " + t);
        continue;
      }
      assertTrue(vm.events().get(i).t() <= t, "at or before " + t);
      assertTrue(i + 1 == vm.events().size() || vm.events().get(i + 1).t() > t, "the last such at " + t);
    }
    String before = vm.stateTextProperty().get();
    String cursorBefore = vm.cursorTextProperty().get();
    vm.setCursor(60);
    assertNotEquals(before, vm.stateTextProperty().get(), "the state at the cursor follows it");
    assertNotEquals(cursorBefore, vm.cursorTextProperty().get());
    assertTrue(vm.cursorTextProperty().get().startsWith("1:00.0 / "), vm.cursorTextProperty().get());
  }

  @Test
  void nextAndPreviousEventStepThroughTheChosenKinds() {
    TimelineViewModel vm = new TimelineViewModel();
    vm.open(RUN);
    vm.filterProperty().set(EventFilter.WORKERS);
    assertTrue(vm.events().stream().allMatch(e -> e.type().name().startsWith("WORKER_")));
    vm.setCursor(100);
    assertTrue(vm.nextEvent());
    double t1 = vm.cursorProperty().get();
    RunEvent first = RUN.events().stream().filter(e -> e.t() > 100 && e.type().name().startsWith("WORKER_"))
        .findFirst().orElseThrow();
    assertEquals(first.t(), t1, 1e-12, "the first worker event after 100 s");
    assertTrue(vm.nextEvent());
    assertTrue(vm.cursorProperty().get() > t1);
    assertTrue(vm.previousEvent());
    assertEquals(t1, vm.cursorProperty().get(), 1e-12);
    vm.home();
    assertFalse(vm.previousEvent(), "nothing before the start");
    vm.toEnd();
    assertFalse(vm.nextEvent(), "nothing after the end");
  }

  @Test
  void playingMovesTheCursorBySpeedAndStopsAtTheEnd() {
    TimelineViewModel vm = new TimelineViewModel();
    vm.open(RUN);
    vm.speedProperty().set(PlaybackSpeed.X60);
    vm.advance(1);
    assertEquals(0, vm.cursorProperty().get(), "not playing yet");
    vm.togglePlay();
    vm.advance(0.5);
    assertEquals(30, vm.cursorProperty().get(), 1e-9);
    vm.step(-10);
    assertEquals(20, vm.cursorProperty().get(), 1e-9);
    vm.advance(1e6);
    assertEquals(vm.endProperty().get(), vm.cursorProperty().get(), 1e-9);
    assertFalse(vm.playingProperty().get(), "stops at the end");
    vm.togglePlay();
    assertEquals(0, vm.cursorProperty().get(), 1e-9, "playing from the end starts over");
  }

  @Test
  void theCursorStaysInsideTheRun() {
    TimelineViewModel vm = new TimelineViewModel();
    vm.open(RUN);
    vm.setCursor(-5);
    assertEquals(0, vm.cursorProperty().get());
    vm.setCursor(1e9);
    assertEquals(vm.endProperty().get(), vm.cursorProperty().get());
    assertTrue(vm.endProperty().get() >= 600);
    assertTrue(vm.titleProperty().get().contains("split-timer-budget") && vm.titleProperty().get().contains("seed 5"));
  }

  @Test
  void theTableShowsAWindowOfEventsThatFollowsTheCursor() {
    TimelineViewModel vm = new TimelineViewModel();
    vm.open(RUN);
    assertTrue(RUN.events().size() > 3 * TimelineViewModel.WINDOW, "a run with many events: " + RUN.events().size());
    for (double t : new double[] {5, 250, 251, 599, 30}) {
      vm.setCursor(t);
      int i = vm.cursorEventProperty().get();
      int row = vm.cursorRowProperty().get();
      assertTrue(vm.eventWindow().size() <= TimelineViewModel.WINDOW);
      assertEquals(vm.events().get(i), vm.eventWindow().get(row).event(), "the row at the cursor is its event, t=" + t);
      assertEquals(i, vm.windowStartProperty().get() + row);
    }
    int start = vm.windowStartProperty().get();
    vm.setCursor(vm.cursorProperty().get() + 0.001);
    assertEquals(start, vm.windowStartProperty().get(), "a small step keeps the window");
  }

  @Test
  void findsTheLastOfEqualTimes() {
    double[] times = {0, 1, 1, 1, 2, 5};
    assertEquals(3, TimelineViewModel.lastAtOrBefore(times, 1));
    assertEquals(-1, TimelineViewModel.lastAtOrBefore(times, -1));
    assertEquals(4, TimelineViewModel.lastAtOrBefore(times, 4.9));
    assertEquals(5, TimelineViewModel.lastAtOrBefore(times, 99));
    assertTrue(RUN.events().stream().anyMatch(e -> e.type() == EventType.WORKER_SPAWNED));
  }
}
