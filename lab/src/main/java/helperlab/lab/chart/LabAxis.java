package helperlab.lab.chart;

import helperlab.charts.style.AxisKind;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import javafx.util.StringConverter;

/**
 * A chartfx axis with the lab's ticks, placed and labelled by {@link AxisKind} as the exported
 * pictures are: a time axis like the clocks, a count axis on whole numbers, a memory axis in MB or GB
 * as the data need, a value axis in plain decimals (never E-notation); value axes keep
 * {@link AxisKind#HEADROOM} above the highest line.
 */
final class LabAxis extends DefaultNumericAxis {
  private final AxisKind kind;

  LabAxis(String label, AxisKind kind) {
    super(label);
    this.kind = kind;
    setUnit(null);
    setAnimated(false);
    setForceZeroInRange(true);
    if (kind == AxisKind.TIME) {
      setAutoRangeRounding(false);
    } else {
      setAutoRangeRounding(true);
      setAutoRangePadding(AxisKind.HEADROOM);
    }
    if (kind == AxisKind.MEMORY) {
      // MB while the axis stays under a gigabyte, GB above it: the unit the data need, in the axis name
      maxProperty().addListener((o, a, b) -> {
        String unit = kind.name(getName(), getMax());
        if (!unit.equals(getName())) {
          setName(unit);
        }
      });
    }
    setTickLabelFormatter(new StringConverter<>() {
      @Override
      public String toString(Number n) {
        return kind.label(n.doubleValue(), getTickUnit(), getMax());
      }

      @Override
      public Number fromString(String s) {
        throw new UnsupportedOperationException("tick labels are not parsed");
      }
    });
  }

  /** The span and length of the range being computed: the tick step is chosen from them. */
  private double span = Double.NaN;
  private double length = Double.NaN;

  @Override
  protected io.fair_acc.chartfx.axes.spi.AxisRange computeRange(double min, double max, double axisLength,
      double labelSize) {
    span = max - min;
    length = axisLength;
    try {
      return super.computeRange(min, max, axisLength, labelSize);
    } finally {
      span = Double.NaN;
    }
  }

  @Override
  public double computePreferredTickUnit(double axisLength) {
    span = getMax() - getMin();
    length = axisLength;
    try {
      return super.computePreferredTickUnit(axisLength);
    } finally {
      span = Double.NaN;
    }
  }

  /**
   * chartfx asks for a tick unit sized for a tick about every two label heights (and at most so many);
   * the lab's ticks are as far apart as {@link AxisKind#rawStep} says for the range's span and the
   * axis's length, as the exported pictures' are, on the steps its kind takes.
   */
  @Override
  protected double computeTickUnit(double rawTickUnit) {
    boolean vertical = getSide() != null && getSide().isVertical();
    double raw;
    if (Double.isFinite(span) && length > 0) {
      raw = AxisKind.rawStep(span, length, vertical);
    } else {
      double chartfxSpacing = 2 * Math.max(6, getTickLabelFont().getSize());
      raw = rawTickUnit * (vertical ? AxisKind.VERTICAL_SPACING_PX : AxisKind.SPACING_PX) / chartfxSpacing;
    }
    return kind.step(raw, getMax());
  }
}
