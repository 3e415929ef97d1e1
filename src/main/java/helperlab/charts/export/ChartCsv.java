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
 * times), a column per run and series; a cell is empty where a run has no sample at that time.
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
    StringBuilder header = new StringBuilder("t_s");
    for (PlottedRun r : runs) {
      for (Series s : series) {
        header.append(',').append(quote(runs.size() > 1 ? r.label() + ": " + s.label() : s.label()));
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
      row.append(num(t));
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
