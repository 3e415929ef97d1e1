package helperlab.cage.measure;

import helperlab.model.CostCurve;

/**
 * The cost curve {@code a · MP^b} fitted to measured (megapixels, milliseconds) pairs by least
 * squares on their logarithms, clamped to the range that was measured (floor and ceiling), with
 * the fit's R² on the logarithms.
 */
public record CalibrationFit(double a, double b, double floorMs, double ceilingMs, double r2) {
  public static CalibrationFit of(double[] megapixels, double[] millis) {
    int n = megapixels.length;
    if (n < 2 || millis.length != n) {
      throw new IllegalArgumentException("need at least two (megapixels, ms) pairs, got " + n);
    }
    double sx = 0;
    double sy = 0;
    double sxx = 0;
    double sxy = 0;
    double min = Double.POSITIVE_INFINITY;
    double max = 0;
    for (int i = 0; i < n; i++) {
      if (!(megapixels[i] > 0) || !(millis[i] > 0)) {
        throw new IllegalArgumentException("megapixels and ms must be positive (pair " + i + ")");
      }
      double x = Math.log(megapixels[i]);
      double y = Math.log(millis[i]);
      sx += x;
      sy += y;
      sxx += x * x;
      sxy += x * y;
      min = Math.min(min, millis[i]);
      max = Math.max(max, millis[i]);
    }
    double b = (n * sxy - sx * sy) / (n * sxx - sx * sx);
    double lnA = (sy - b * sx) / n;
    double ssTot = 0;
    double ssRes = 0;
    double meanY = sy / n;
    for (int i = 0; i < n; i++) {
      double y = Math.log(millis[i]);
      double fit = lnA + b * Math.log(megapixels[i]);
      ssTot += (y - meanY) * (y - meanY);
      ssRes += (y - fit) * (y - fit);
    }
    double r2 = ssTot > 0 ? 1 - ssRes / ssTot : 1;
    // The clamp keeps predictions inside what was seen, with a little room at the heavy end.
    return new CalibrationFit(Math.exp(lnA), b, min * 0.9, max * 1.25, r2);
  }

  public CostCurve curve() {
    return new CostCurve(a, b, floorMs, ceilingMs);
  }
}
