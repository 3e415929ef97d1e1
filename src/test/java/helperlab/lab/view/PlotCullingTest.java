package helperlab.lab.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.sun.javafx.geom.RectBounds;
import com.sun.javafx.geom.transform.BaseTransform;
import com.sun.javafx.geom.transform.GeneralTransform3D;
import com.sun.javafx.scene.NodeHelper;
import com.sun.javafx.scene.SceneHelper;
import com.sun.javafx.sg.prism.NGNode;
import com.sun.javafx.sg.prism.NodePath;
import com.sun.javafx.tk.RenderJob;
import com.sun.javafx.tk.Toolkit;
import helperlab.charts.ChartKind;
import helperlab.lab.chart.ChartGrid;
import helperlab.lab.chart.LabChart;
import helperlab.lab.live.SimulatorSource;
import helperlab.lab.viewmodel.LabConfig;
import helperlab.lab.viewmodel.LabView;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What the renderer paints under a chart's plot in the Live view, where the plots are repainted every
 * frame while a run streams. JavaFX paints the background of every region from the window down to the
 * node it starts a repaint from (its "render root": the topmost node whose opaque region covers the
 * repainted area), and every background of a node painted after that; so each background found here
 * over a plot is a fill of the plot's pixels, every frame, on top of the scene's own clear. The plot's
 * own background is the only one there should be, and a repaint of the plot alone starts at it.
 */
class PlotCullingTest extends FxRobot {
  @TempDir Path dir;
  private LabWindow window;

  @BeforeAll
  static void toolkit() throws Exception {
    FxToolkit.registerPrimaryStage();
  }

  @BeforeEach
  void open() throws Exception {
    LabConfig config = new LabConfig(dir.resolve("lab-runs"), dir.resolve("home"), new SimulatorSource());
    window = WaitForAsyncUtils.asyncFx(() -> LabWindow.open(new Stage(), config)).get(120, TimeUnit.SECONDS);
    WaitForAsyncUtils.waitForFxEvents();
  }

  @AfterEach
  void close() throws Exception {
    WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> fx(() -> window.viewModel().work().running() == 0));
    WaitForAsyncUtils.asyncFx(() -> window.stage().close()).get(30, TimeUnit.SECONDS);
  }

  private <T> T fx(Callable<T> f) throws Exception {
    return WaitForAsyncUtils.asyncFx(f).get(120, TimeUnit.SECONDS);
  }

  @Test
  void onlyThePlotsOwnBackgroundIsPaintedUnderAStreamingPlot() throws Exception {
    interact(() -> {
      window.stage().setWidth(1600);
      window.stage().setHeight(1000);
      window.viewModel().viewProperty().set(LabView.LIVE);
    });
    WaitForAsyncUtils.waitForFxEvents();
    interact(() -> window.stage().getScene().getRoot().layout());
    WaitForAsyncUtils.waitForFxEvents();
    for (ChartKind k : ChartKind.values()) {
      List<String> under = fx(() -> backgroundsUnder(plotBounds(k)));
      assertEquals(List.of(describe(plotBackground(k))), under, k + ": backgrounds painted under the plot");
      assertSame(fx(() -> peer(plotBackground(k))), fx(() -> renderRoot(plotBounds(k))),
          k + ": a repaint of the plot starts at the plot's background");
    }
  }

  private Region plotBackground(ChartKind k) {
    return window.visibleCharts().chart(k).chart().getPlotBackground();
  }

  private Bounds plotBounds(ChartKind k) {
    ChartGrid grid = window.visibleCharts();
    LabChart c = grid.chart(k);
    return c.chart().getCanvas().localToScene(c.chart().getCanvas().getBoundsInLocal());
  }

  /** The visible regions whose background reaches into {@code area} (in the scene), bottom first. */
  private List<String> backgroundsUnder(Bounds area) {
    List<String> found = new ArrayList<>();
    collect(window.stage().getScene().getRoot(), area, found);
    return found;
  }

  private static void collect(Node n, Bounds area, List<String> found) {
    if (!n.isVisible() || n.getOpacity() == 0) {
      return;
    }
    if (n instanceof Region r && r.getBackground() != null && !r.getBackground().isEmpty()) {
      Bounds b = r.localToScene(r.getLayoutBounds());
      // strictly inside, so that a neighbour sharing an edge with the plot does not count
      if (b.getMaxX() > area.getMinX() + 0.5 && b.getMinX() < area.getMaxX() - 0.5
          && b.getMaxY() > area.getMinY() + 0.5 && b.getMinY() < area.getMaxY() - 0.5) {
        found.add(describe(r));
      }
    }
    if (n instanceof Parent p) {
      for (Node c : p.getChildrenUnmodifiable()) {
        collect(c, area, found);
      }
    }
  }

  private static String describe(Node n) {
    return n.getClass().getSimpleName() + n.getStyleClass();
  }

  /** {@code n}'s peer, read on the FX thread outside a frame's sync (as JavaFX's own tools read it). */
  private static NGNode peer(Node n) {
    SceneHelper.setAllowPGAccess(true);
    try {
      return NodeHelper.getPeer(n);
    } finally {
      SceneHelper.setAllowPGAccess(false);
    }
  }

  /**
   * The node the renderer starts painting {@code area} from, as {@code ViewPainter} finds it for a dirty
   * region (whole pixels). Called through its package-private step so that it answers while the scene is
   * clean too (the public entry returns nothing when nothing is dirty), on the render thread (the FX
   * thread waiting, so the scene's peers do not change meanwhile).
   */
  private NGNode renderRoot(Bounds area) throws Exception {
    NGNode root = peer(window.stage().getScene().getRoot());
    CompletableFuture<NGNode> found = new CompletableFuture<>();
    Toolkit.getToolkit().addRenderJob(new RenderJob(() -> {
      try {
        found.complete(renderRootNow(root, area));
      } catch (Throwable e) {
        found.completeExceptionally(e);
      }
    }));
    return found.get(120, TimeUnit.SECONDS);
  }

  private static NGNode renderRootNow(NGNode root, Bounds area) throws Exception {
    RectBounds dirty = new RectBounds((float) Math.floor(area.getMinX()), (float) Math.floor(area.getMinY()),
        (float) Math.ceil(area.getMaxX()), (float) Math.ceil(area.getMaxY()));
    Method m = NGNode.class.getDeclaredMethod("computeRenderRoot", NodePath.class, RectBounds.class, int.class,
        BaseTransform.class, GeneralTransform3D.class);
    m.setAccessible(true);
    NodePath path = new NodePath();
    m.invoke(root, path, dirty, -1, BaseTransform.IDENTITY_TRANSFORM, new GeneralTransform3D());
    return path.isEmpty() ? root : path.last();
  }
}
