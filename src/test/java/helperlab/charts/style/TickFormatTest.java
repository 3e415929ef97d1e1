package helperlab.charts.style;

import helperlab.charts.Series;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TickFormatTest {
  @Test
  void timeTicksReadLikeTheClocks() {
    assertEquals("0:00", TimeFormat.clock(0, 300));
    assertEquals("15:00", TimeFormat.clock(900, 300));
    assertEquals("1:05:00", TimeFormat.clock(3900, 300));
    assertEquals("0:02.5", TimeFormat.clock(2.5, 0.5));
    assertEquals("1:07:33.3", TimeFormat.clock(4053.3, 0.5), "past an hour, hours as the axes count them");
    assertEquals("1:00:51.3", helperlab.lab.viewmodel.Clock.precise(3651.3), "the cursor and the event list too");
    assertEquals("7:05.3", helperlab.lab.viewmodel.Clock.precise(425.3));
  }

  @Test
  void timeStepsAreOnesAClockReaderCountsIn() {
    assertEquals(300, TimeFormat.clockStep(250));
    assertEquals(900, TimeFormat.clockStep(700));
    assertEquals(3600, TimeFormat.clockStep(2000));
    assertEquals(60, TimeFormat.clockStep(31));
  }

  @Test
  void countsTickOnWholeNumbers() {
    assertEquals(1, TickFormat.countStep(0.25));
    assertEquals(1, TickFormat.countStep(0.5));
    assertEquals(2, TickFormat.countStep(1.5));
    assertEquals(50, TickFormat.countStep(31));
  }

  @Test
  void noNegativeZero() {
    assertEquals("0", TickFormat.number(-0.3, 0));
    assertEquals("0.00", TickFormat.number(-0.001, 2));
    assertEquals("-1", TickFormat.number(-1, 0));
    assertEquals("1,024", TickFormat.number(1024, 0));
  }

  @Test
  void valuesCarryTheirSeriesUnit() {
    assertEquals("2.00 GB", TickFormat.value(Series.MEMORY, 2048));
    assertEquals("700 MB", TickFormat.value(Series.MEMORY, 700));
    assertEquals("12.5 s", TickFormat.value(Series.CPU_USEFUL, 12.46));
    assertEquals("91.8 %", TickFormat.value(Series.MET_SHARE, 91.77));
    assertEquals("–", TickFormat.value(Series.MET_SHARE, Double.NaN));
    assertTrue(Series.QUEUE.isCount());
    assertFalse(Series.MEMORY.isCount());
  }

  @Test
  void memoryReadsInTheUnitTheDataNeedWithoutENotation() {
    assertEquals("MB", TickFormat.memoryUnit(800));
    assertEquals("GB", TickFormat.memoryUnit(2200));
    assertEquals("200", TickFormat.memoryTick(200, 100, 800));
    assertEquals("1.5", TickFormat.memoryTick(1536, 512, 2200));
    assertEquals("20", TickFormat.memoryTick(20480, 5120, 25000));
    assertEquals(512, TickFormat.memoryStep(400, 2200), 1e-9); // half a GB
    assertEquals(500, TickFormat.memoryStep(400, 900), 1e-9);
    assertEquals(0, TickFormat.decimalsFor(5));
    assertEquals(1, TickFormat.decimalsFor(0.5));
    assertEquals(2, TickFormat.decimalsFor(0.25));
  }
}
