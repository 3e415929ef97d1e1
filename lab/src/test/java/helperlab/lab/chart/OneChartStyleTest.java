package helperlab.lab.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.charts.ChartKind;
import helperlab.charts.LiveSamples;
import helperlab.charts.PlottedRun;
import helperlab.charts.export.ChartPainter;
import helperlab.charts.export.NiceScale;
import helperlab.charts.style.AxisKind;
import helperlab.charts.style.ChartTheme;
import helperlab.charts.style.Palette;
import helperlab.charts.style.SeriesStyle;
import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.spi.TickMark;
import io.fair_acc.dataset.DataSet;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window (chartfx) and the exported pictures (Java2D) draw from one style ({@code charts.style}):
 * each series in the same colour and dash, ticks at the same step with the same labels for the same
 * range, and the same furniture colours as the window's stylesheets.
 */
class OneChartStyleTest {
  @BeforeAll
  static void toolkit() throws Exception {
    FxToolkit.registerPrimaryStage();
  }

  private static PlottedRun run(String label) {
    LiveSamples samples = new LiveSamples();
    for (int t = 0; t <= 60; t++) {
      samples.add(t, 4, 2, t, 300 + t, t, 0, 0, t, 1, 0, 3);
    }
    return new PlottedRun(label, samples, 2048);
  }

  @Test
  void everySeriesHasTheSameColourAndDashInTheWindowAndTheExport() throws Exception {
    List<PlottedRun> runs = List.of(run("A"), run("B"));
    for (ChartKind kind : ChartKind.values()) {
      Map<String, String> window = WaitForAsyncUtils.asyncFx(() -> {
        LabChart c = new LabChart(kind);
        c.reset(List.of("A", "B"));
        return styles(c.chart());
      }).get(60, TimeUnit.SECONDS);
      List<ChartPainter.LegendItem> exported = ChartPainter.legend(kind, runs);
      assertEquals(2 * kind.series().size(), exported.size(), kind + ": each run's series in the export's legend");
      for (ChartPainter.LegendItem item : exported) {
        String style = window.get(item.text());
        assertTrue(style != null, kind + ": the window has no line '" + item.text() + "'; it has " + window.keySet());
        assertTrue(style.contains(item.style().colour()),
            kind + " '" + item.text() + "': window style " + style + ", export colour " + item.style().colour());
        assertEquals(item.style().dashed(), style.contains("dash"),
            kind + " '" + item.text() + "': dashed in one and not the other (" + style + ")");
      }
      if (kind == ChartKind.MEMORY) {
        String limit = window.get("limit · A");
        assertTrue(limit != null && limit.contains(SeriesStyle.memoryLimit().colour()) && limit.contains("dash"),
            "the memory limit in the window: " + limit);
      }
    }
    assertEquals(Palette.of(helperlab.charts.Series.WORKERS), SeriesStyle.run(helperlab.charts.Series.WORKERS, 1)
        .colour(), "a second run keeps its series' colours");
  }

  private static Map<String, String> styles(XYChart chart) {
    Map<String, String> out = new HashMap<>();
    chart.getRenderers().forEach(r -> {
      for (DataSet ds : r.getDatasets()) {
        out.put(ds.getName(), ds.getStyle());
      }
    });
    return out;
  }

  /** An axis of {@code kind} over {@code min}..{@code max}, {@code length} pixels long, laid out in a window. */
  private static LabAxis laidOut(AxisKind kind, double min, double max, double length, boolean vertical)
      throws Exception {
    LabAxis axis = WaitForAsyncUtils.asyncFx(() -> {
      LabAxis a = new LabAxis(kind == AxisKind.MEMORY ? "MB" : "value", kind);
      a.setSide(vertical ? io.fair_acc.chartfx.ui.geometry.Side.LEFT : io.fair_acc.chartfx.ui.geometry.Side.BOTTOM);
      a.setAutoRanging(false);
      a.set(min, max);
      StackPane pane = new StackPane(a);
      Stage stage = new Stage();
      stage.setScene(new Scene(pane, vertical ? 80 : length, vertical ? length : 60));
      stage.show();
      return a;
    }).get(60, TimeUnit.SECONDS);
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS,
        () -> WaitForAsyncUtils.asyncFx(() -> !axis.getTickMarks().isEmpty()).get());
    WaitForAsyncUtils.waitForFxEvents();
    return axis;
  }

  @Test
  void ticksForTheSameRangeReadTheSameInTheWindowAndTheExport() throws Exception {
    record Case(AxisKind kind, double min, double max, double length, boolean vertical) {}
    for (Case c : List.of(new Case(AxisKind.TIME, 0, 3600, 900, false), new Case(AxisKind.TIME, 0, 300, 600, false),
        new Case(AxisKind.COUNT, 0, 40, 300, true), new Case(AxisKind.MEMORY, 0, 2600, 300, true),
        new Case(AxisKind.MEMORY, 0, 800, 300, true), new Case(AxisKind.VALUE, 0, 108, 300, true))) {
      LabAxis axis = laidOut(c.kind(), c.min(), c.max(), c.length(), c.vertical());
      double length = WaitForAsyncUtils.asyncFx(axis::getLength).get();
      double step = WaitForAsyncUtils.asyncFx(axis::getTickUnit).get();
      List<String> window = WaitForAsyncUtils.asyncFx(() -> axis.getTickMarks().stream().map(TickMark::getText)
          .toList()).get();
      NiceScale exported = NiceScale.exact(c.kind(), c.min(), c.max(), length, c.vertical());
      assertEquals(exported.step(), step, 1e-9, c + ": the export's tick step for the same range and length");
      assertEquals(c.kind().labels(exported.min(), exported.max(), exported.step()), window, c + ": tick labels");
      assertFalse(window.stream().anyMatch(s -> s.contains("E")), c + ": no E-notation " + window);
    }
  }

  @Test
  void theWindowsStylesheetsHoldTheChartThemesColours() throws IOException {
    for (ChartTheme theme : List.of(ChartTheme.LIGHT, ChartTheme.DARK)) {
      Map<String, String> css = variables("/styles/" + theme.name() + ".css");
      assertEquals(theme.background(), css.get("-lab-chart-bg"), theme.name() + ": chart background");
      assertEquals(theme.plot(), css.get("-lab-plot-bg"), theme.name() + ": plot background");
      assertEquals(theme.text(), css.get("-lab-text"), theme.name() + ": text");
      assertEquals(theme.muted(), css.get("-lab-muted"), theme.name() + ": tick labels");
      assertEquals(theme.grid(), css.get("-lab-grid"), theme.name() + ": grid");
      assertEquals(theme.cursor(), css.get("-lab-cursor"), theme.name() + ": time cursor");
    }
  }

  private static Map<String, String> variables(String resource) throws IOException {
    try (InputStream in = OneChartStyleTest.class.getResourceAsStream(resource)) {
      assertTrue(in != null, "no stylesheet " + resource + " on the classpath");
      Matcher m = Pattern.compile("(-lab-[a-z-]+)\\s*:\\s*(#[0-9a-fA-F]{6})\\s*;")
          .matcher(new String(in.readAllBytes(), StandardCharsets.UTF_8));
      Map<String, String> out = new HashMap<>();
      while (m.find()) {
        out.putIfAbsent(m.group(1), m.group(2).toLowerCase());
      }
      return out;
    }
  }
}
