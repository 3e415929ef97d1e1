package helperlab.charts.style;

import helperlab.charts.Series;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TickFormatTest {
  @Test
  void timeTicksReadLikeTheClocks() {
    assertEquals("0:00", TimeFormat.clock(0, 300));
    assertEquals("15:00", TimeFormat.clock(900, 300));
    assertEquals("1:05:00", TimeFormat.clock(3900, 300));
    assertEquals("0:02.5", TimeFormat.clock(2.5, 0.5));
    assertEquals("1:07:33.3", TimeFormat.clock(4053.3, 0.5), "past an hour, hours as the axes count them");
    assertEquals("1:00:51.3", TimeFormat.elapsedPrecise(3651.3), "the cursor and the event list too");
    assertEquals("–", TimeFormat.elapsed(Double.NaN));
    assertEquals("0:00", TimeFormat.elapsed(-3));
    assertEquals("7:05.3", TimeFormat.elapsedPrecise(425.3));
  }

  @ParameterizedTest(name = "a raw step of {0} s ticks every {1} s")
  @CsvSource({"250, 300", "700, 900", "2000, 3600", "31, 60"})
  void timeStepsAreOnesAClockReaderCountsIn(double raw, double step) {
    assertEquals(step, TimeFormat.clockStep(raw));
  }

  @ParameterizedTest(name = "a raw step of {0} ticks every {1}")
  @CsvSource({"0.25, 1", "0.5, 1", "1.5, 2", "31, 50"})
  void countsTickOnWholeNumbers(double raw, double step) {
    assertEquals(step, TickFormat.countStep(raw));
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
