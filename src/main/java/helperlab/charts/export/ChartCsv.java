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
 * The data behind a chart (or all charts) as CSV: one row per sample time (the union of the runs'
 * times), a column per run and series; a cell is empty where a run has no sample at that time. The
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
      row.setLength(0);
      row.append(clock(t)).append(',').append(num(t));
      for (int r = 0; r < runs.size(); r++) {
        SampleTable s = runs.get(r).samples();
        boolean here = next[r] < s.size() && s.t(next[r]) == t;
        for (Series se : series) {
          row.append(',');
          if (here) {
            double v = se.value(s, next[r]);
            if (!Double.isNaN(v)) {
              row.append(num(v));
            }
          }
        }
        if (here) {
          next[r]++;
        }
      }
      out.write(row.append('\n').toString());
    }
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
