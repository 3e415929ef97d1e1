package helperlab.charts.export;

import helperlab.charts.ChartKind;
import helperlab.charts.PlottedRun;
import helperlab.charts.SampleTable;
import helperlab.charts.Series;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The data behind a chart (or all charts) as CSV: one row per sample time, a column per run and series. Two runs
 * share a row per sampling interval ({@link #commonStep}: the time rounded to it), so A's and B's samples of the
 * same second sit side by side; a cell is empty where a run has no sample in that interval. The
 * time comes twice: as the axes and the event list read it ({@code 1:02:05.0}) and in seconds for
 * arithmetic; every column names its unit in brackets.
 */
public final class ChartCsv {
  private ChartCsv() {}

  public static void write(Writer out, List<ChartKind> kinds, List<PlottedRun> runs) throws IOException {
    List<Series> series = new ArrayList<>();
    for (ChartKind k : kinds) {
      for (Series s : k.series()) {
        if (!series.contains(s)) {
          series.add(s);
        }
      }
    }
    StringBuilder header = new StringBuilder("time [h:mm:ss],t [s]");
    for (PlottedRun r : runs) {
      for (Series s : series) {
        String name = s.label() + (s.unit().isEmpty() ? "" : " [" + s.unit() + "]");
        header.append(',').append(quote(runs.size() > 1 ? r.label() + ": " + name : name));
      }
    }
    out.write(header.append('\n').toString());
    int[] next = new int[runs.size()];
    double step = runs.size() > 1 ? commonStep(runs) : 0;
    StringBuilder row = new StringBuilder();
    while (true) {
      double t = Double.POSITIVE_INFINITY;
      for (int r = 0; r < runs.size(); r++) {
        SampleTable s = runs.get(r).samples();
        if (next[r] < s.size()) {
          t = Math.min(t, s.t(next[r]));
        }
      }
      if (t == Double.POSITIVE_INFINITY) {
        break;
      }
      long bin = bin(t, step);
      double rowT = step > 0 ? bin * step : t;
      row.setLength(0);
      row.append(clock(rowT)).append(',').append(num(rowT));
      for (int r = 0; r < runs.size(); r++) {
        SampleTable s = runs.get(r).samples();
        int at = -1;
        while (next[r] < s.size() && (step > 0 ? bin(s.t(next[r]), step) == bin : s.t(next[r]) == t)) {
          at = next[r]++; // the last of this run's samples in the row's interval
        }
        for (Series se : series) {
          row.append(',');
          if (at >= 0) {
            double v = se.value(s, at);
            if (!Double.isNaN(v)) {
              row.append(num(v));
            }
          }
        }
      }
      out.write(row.append('\n').toString());
    }
  }

  /**
   * The interval two runs' samples share a row by: the coarser of their typical sampling intervals (medians). A
   * real run samples when its events arrive (1.003 s, 2.010 s, ...), its replay on the second: matched only by exact
   * time they each filled half of every row.
   */
  static double commonStep(List<PlottedRun> runs) {
    double step = 0;
    for (PlottedRun r : runs) {
      SampleTable s = r.samples();
      if (s.size() < 2) {
        continue;
      }
      double[] gaps = new double[s.size() - 1];
      for (int i = 1; i < s.size(); i++) {
        gaps[i - 1] = s.t(i) - s.t(i - 1);
      }
      java.util.Arrays.sort(gaps);
      step = Math.max(step, gaps[gaps.length / 2]);
    }
    return step > 1e-6 ? step : 0;
  }

  private static long bin(double t, double step) {
    return step > 0 ? Math.round(t / step) : 0;
  }

  /** {@code h:mm:ss.s}, hours always shown, so a spreadsheet reads every row alike. */
  static String clock(double seconds) {
    long tenths = Math.round(Math.max(0, seconds) * 10);
    long s = tenths / 10;
    return String.format(Locale.ROOT, "%d:%02d:%02d.%d", s / 3600, (s % 3600) / 60, s % 60, tenths % 10);
  }

  private static String num(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return String.format(Locale.ROOT, "%.6g", v);
  }

  private static String quote(String s) {
    return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }
}
