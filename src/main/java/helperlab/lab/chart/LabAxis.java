package helperlab.lab.chart;

import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import javafx.util.StringConverter;

/**
 * A chartfx axis with the lab's ticks: a time axis labelled like the clocks at clock-friendly steps,
 * a count axis on whole numbers with some headroom above the highest line, a memory axis in MB or GB
 * as the data need, or a plain value axis (decimals, never E-notation).
 */
final class LabAxis extends DefaultNumericAxis {
  enum Kind { TIME, COUNT, VALUE, MEMORY }

  /** About this many pixels between major ticks (labels along a time axis are wider). */
  private static final double TICK_SPACING_PX = 80;
  private static final double VERTICAL_TICK_SPACING_PX = 32;

  private final Kind kind;

  LabAxis(String label, Kind kind) {
    super(label);
    this.kind = kind;
    setUnit(null);
    setAnimated(false);
    setForceZeroInRange(true);
    if (kind == Kind.TIME) {
      setAutoRangeRounding(false);
      setTickLabelFormatter(new StringConverter<>() {
        @Override
        public String toString(Number n) {
          return AxisTicks.clock(n.doubleValue(), getTickUnit());
        }

        @Override
        public Number fromString(String s) {
          throw new UnsupportedOperationException("time ticks are not parsed");
        }
      });
    } else {
      setAutoRangeRounding(true);
      // lines along the top edge are hard to read: leave room above the highest value
      setAutoRangePadding(0.08);
      if (kind == Kind.MEMORY) {
        // MB while the axis stays under a gigabyte, GB above it: the unit the data need, in the axis name
        maxProperty().addListener((o, a, b) -> {
          String unit = AxisTicks.memoryUnit(getMax());
          if (!unit.equals(getName())) {
            setName(unit);
          }
        });
        setTickLabelFormatter(formatter(v -> AxisTicks.memoryTick(v, getTickUnit(), getMax())));
      } else if (kind == Kind.VALUE) {
        // plain decimals, as many as the step needs (chartfx would switch to E-notation for large ranges)
        setTickLabelFormatter(formatter(v -> AxisTicks.number(v, AxisTicks.decimalsFor(getTickUnit()))));
      }
      if (kind == Kind.COUNT) {
        setTickLabelFormatter(new StringConverter<>() {
          @Override
          public String toString(Number n) {
            return AxisTicks.number(n.doubleValue(), 0);
          }

          @Override
          public Number fromString(String s) {
            throw new UnsupportedOperationException("count ticks are not parsed");
          }
        });
      }
    }
  }

  private static StringConverter<Number> formatter(java.util.function.DoubleFunction<String> f) {
    return new StringConverter<>() {
      @Override
      public String toString(Number n) {
        return f.apply(n.doubleValue());
      }

      @Override
      public Number fromString(String s) {
        throw new UnsupportedOperationException("ticks are not parsed");
      }
    };
  }

  /**
   * chartfx asks for a tick unit given a raw one sized for a tick about every two label heights;
   * the lab's ticks are sparser (time labels are wide) and land on clock or whole-number steps.
   */
  @Override
  protected double computeTickUnit(double rawTickUnit) {
    if (kind == Kind.VALUE) {
      return super.computeTickUnit(rawTickUnit);
    }
    boolean vertical = getSide() != null && getSide().isVertical();
    double chartfxSpacing = 2 * Math.max(6, getTickLabelFont().getSize());
    double raw = rawTickUnit * (vertical ? VERTICAL_TICK_SPACING_PX : TICK_SPACING_PX) / chartfxSpacing;
    if (kind == Kind.MEMORY) {
      return AxisTicks.memoryStep(raw, getMax());
    }
    return kind == Kind.TIME ? AxisTicks.clockStep(raw) : AxisTicks.countStep(raw);
  }
}
