package helperlab.study;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What the claims share: the sweep's runs by seed, its machines and scenarios, and the arithmetic on paired seeds. */
record ClaimCells(RunsBySeed runs, List<String> machines, List<String> scenarios) {
  static ClaimCells of(List<RunRow> rows) {
    List<String> m = new ArrayList<>();
    List<String> s = new ArrayList<>();
    for (RunRow r : rows) {
      if (!m.contains(r.machine())) {
        m.add(r.machine());
      }
      if (!s.contains(r.scenario())) {
        s.add(r.scenario());
      }
    }
    return new ClaimCells(new RunsBySeed(rows), List.copyOf(m), List.copyOf(s));
  }

  static double[] minus(double[] a, double[] b) {
    double[] d = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      d[i] = a[i] - b[i];
    }
    return d;
  }

  /** The seed-by-seed mean of several cells' differences. */
  static double[] meanAcross(List<double[]> diffs) {
    double[] m = new double[diffs.get(0).length];
    for (double[] d : diffs) {
      for (int i = 0; i < m.length; i++) {
        m[i] += d[i] / diffs.size();
      }
    }
    return m;
  }

  static double mean(double[] v) {
    return Interval.of(v).mean();
  }

  static String ci(double[] values) {
    return ci(Interval.of(values));
  }

  static String ci(Interval i) {
    return String.format(Locale.ROOT, "%+.1f [%+.1f, %+.1f]", i.mean(), i.lo(), i.hi());
  }

  static String fmt(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
  }
}
