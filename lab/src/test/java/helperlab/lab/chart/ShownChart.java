package helperlab.lab.chart;

import helperlab.charts.ChartKind;
import helperlab.charts.PlottedRun;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.testfx.util.WaitForAsyncUtils;

/** A chart of one run in its own window, as the chart tests look at it: shown, filled, drawn at least once. */
final class ShownChart {
  private ShownChart() {}

  /** A {@code kind} chart of {@code run} in a {@code width} × {@code height} window, after its first draw. */
  static LabChart of(ChartKind kind, PlottedRun run, double width, double height) throws Exception {
    LabChart chart = WaitForAsyncUtils.asyncFx(() -> {
      LabChart c = new LabChart(kind);
      Stage stage = new Stage();
      stage.setScene(new Scene(c.node(), width, height));
      stage.show();
      c.reset(List.of(run.label()));
      c.fill(0, run);
      return c;
    }).get(60, TimeUnit.SECONDS);
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(() -> chart.draws() > 0).get());
    WaitForAsyncUtils.waitForFxEvents();
    return chart;
  }
}
