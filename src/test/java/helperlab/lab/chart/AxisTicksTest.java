package helperlab.lab.chart;

import helperlab.charts.Series;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AxisTicksTest {
  @Test
  void timeTicksReadLikeTheClocks() {
    assertEquals("0:00", AxisTicks.clock(0, 300));
    assertEquals("15:00", AxisTicks.clock(900, 300));
    assertEquals("1:05:00", AxisTicks.clock(3900, 300));
    assertEquals("0:02.5", AxisTicks.clock(2.5, 0.5));
    assertEquals("1:07:33.3", AxisTicks.clock(4053.3, 0.5), "past an hour, hours as the axes count them");
    assertEquals("1:00:51.3", helperlab.lab.viewmodel.Clock.precise(3651.3), "the cursor and the event list too");
    assertEquals("7:05.3", helperlab.lab.viewmodel.Clock.precise(425.3));
  }

  @Test
  void timeStepsAreOnesAClockReaderCountsIn() {
    assertEquals(300, AxisTicks.clockStep(250));
    assertEquals(900, AxisTicks.clockStep(700));
    assertEquals(3600, AxisTicks.clockStep(2000));
    assertEquals(60, AxisTicks.clockStep(31));
  }

  @Test
  void countsTickOnWholeNumbers() {
    assertEquals(1, AxisTicks.countStep(0.25));
    assertEquals(1, AxisTicks.countStep(0.5));
    assertEquals(2, AxisTicks.countStep(1.5));
    assertEquals(50, AxisTicks.countStep(31));
  }

  @Test
  void noNegativeZero() {
    assertEquals("0", AxisTicks.number(-0.3, 0));
    assertEquals("0.00", AxisTicks.number(-0.001, 2));
    assertEquals("-1", AxisTicks.number(-1, 0));
    assertEquals("1,024", AxisTicks.number(1024, 0));
  }

  @Test
  void valuesCarryTheirSeriesUnit() {
    assertEquals("2.00 GB", AxisTicks.value(Series.MEMORY, 2048));
    assertEquals("700 MB", AxisTicks.value(Series.MEMORY, 700));
    assertEquals("12.5 s", AxisTicks.value(Series.CPU_USEFUL, 12.46));
    assertEquals("91.8 %", AxisTicks.value(Series.MET_SHARE, 91.77));
    assertEquals("–", AxisTicks.value(Series.MET_SHARE, Double.NaN));
    assertTrue(AxisTicks.isCount(Series.QUEUE));
    assertFalse(AxisTicks.isCount(Series.MEMORY));
  }

  @Test
  void memoryReadsInTheUnitTheDataNeedWithoutENotation() {
    assertEquals("MB", AxisTicks.memoryUnit(800));
    assertEquals("GB", AxisTicks.memoryUnit(2200));
    assertEquals("200", AxisTicks.memoryTick(200, 100, 800));
    assertEquals("1.5", AxisTicks.memoryTick(1536, 512, 2200));
    assertEquals("20", AxisTicks.memoryTick(20480, 5120, 25000));
    assertEquals(512, AxisTicks.memoryStep(400, 2200), 1e-9); // half a GB
    assertEquals(500, AxisTicks.memoryStep(400, 900), 1e-9);
    assertEquals(0, AxisTicks.decimalsFor(5));
    assertEquals(1, AxisTicks.decimalsFor(0.5));
    assertEquals(2, AxisTicks.decimalsFor(0.25));
  }
}
