package helperlab.charts.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.TestRuns;
import helperlab.charts.ChartKind;
import helperlab.charts.PlottedRun;
import helperlab.charts.style.ChartTheme;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Export without a JavaFX toolkit: PNG and SVG pictures of real runs, CSV data, format from the extension. */
class ChartExportTest {
  private static final PlottedRun A = PlottedRun.of(TestRuns.sim("pool-edf-10", "calm", 1, 600));
  private static final PlottedRun B = PlottedRun.of(TestRuns.sim("box", "calm", 1, 600));

  @Test
  void pngHasTheAskedSizeAndDrawsTheSeriesColours(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("workers.png");
    ChartExport.write(new ChartExport.Request(ChartKind.WORKERS, List.of(A, B), 900, 500, ChartTheme.LIGHT, 300), out);
    BufferedImage img = ImageIO.read(out.toFile());
    assertEquals(900, img.getWidth());
    assertEquals(500, img.getHeight());
    int workersBlue = 0;
    for (int x = 0; x < img.getWidth(); x++) {
      for (int y = 0; y < img.getHeight(); y++) {
        if (close(new Color(img.getRGB(x, y)), Color.decode("#3b82f6"))) {
          workersBlue++;
        }
      }
    }
    assertTrue(workersBlue > 500, "the workers line is drawn: " + workersBlue + " pixels");
  }

  private static boolean close(Color a, Color b) {
    return Math.abs(a.getRed() - b.getRed()) < 30 && Math.abs(a.getGreen() - b.getGreen()) < 30
        && Math.abs(a.getBlue() - b.getBlue()) < 30;
  }

  @Test
  void allChartsInOnePicture(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("all.png");
    ChartExport.write(ChartExport.Request.of(null, List.of(A)), out);
    BufferedImage img = ImageIO.read(out.toFile());
    assertEquals(ChartExport.DEFAULT_ALL_WIDTH, img.getWidth());
    assertEquals(ChartExport.DEFAULT_ALL_HEIGHT, img.getHeight());
  }

  @Test
  void svgIsADrawingWithLegendText(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("cpu.svg");
    ChartExport.write(new ChartExport.Request(ChartKind.CPU, List.of(A, B), 800, 450, ChartTheme.DARK, Double.NaN), out);
    String svg = Files.readString(out);
    assertTrue(svg.startsWith("<?xml") || svg.startsWith("<svg"), svg.substring(0, 40));
    assertTrue(svg.contains("width='800.0'") && svg.contains("height='450.0'"), "size");
    assertTrue(svg.contains("CPU split") && svg.contains("useful · " + A.label()) && svg.contains(B.label()),
        "title and legend");
    assertTrue(svg.contains("stroke-dasharray"), "run B is dashed");
    assertTrue(svg.length() < 2_000_000, "lines are reduced per pixel: " + svg.length());
  }

  @Test
  void csvHasARowPerSampleTimeAndAColumnPerRunAndSeries(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("deadlines.csv");
    ChartExport.write(ChartExport.Request.of(ChartKind.DEADLINES, List.of(A, B)), out);
    List<String> lines = Files.readAllLines(out);
    assertEquals("time [h:mm:ss],t [s]," + A.label() + ": met [tasks]," + A.label() + ": missed [tasks]," + A.label()
        + ": refused [tasks]," + A.label() + ": met share %," + B.label() + ": met [tasks]," + B.label()
        + ": missed [tasks]," + B.label() + ": refused [tasks]," + B.label() + ": met share %", lines.get(0));
    int rows = Math.max(A.samples().size(), B.samples().size());
    assertTrue(lines.size() - 1 >= rows, "at least one row per sample of the longer run");
    String last = lines.get(lines.size() - 1);
    assertEquals(10, last.split(",", -1).length, last);
    // the time as the axes read it, then in seconds
    String[] lastCells = last.split(",", -1);
    assertEquals(ChartCsv.clock(Double.parseDouble(lastCells[1])), lastCells[0]);
    assertTrue(lastCells[0].matches("\\d+:\\d\\d:\\d\\d\\.\\d"), lastCells[0]);
    int metA = (int) A.samples().get(helperlab.charts.Column.MET, A.samples().size() - 1);
    assertTrue(lines.stream().anyMatch(l -> l.split(",", -1)[2].equals(Integer.toString(metA))),
        "A's final met count " + metA + " is in the data");
  }

  @Test
  void aRealRunAndItsReplayShareARowPerSecond(@TempDir Path dir) throws Exception {
    Path real = Path.of("lab-runs/xeon-2026-12-01/real/real-busy-box-cage-s1-20261201T001627-934e.json.gz");
    PlottedRun a = PlottedRun.of(helperlab.runs.RunStore.load(real));
    PlottedRun b = PlottedRun.of(helperlab.runs.RunStore.load(Path.of(real.toString().replace(".json.gz",
        "-replay.json.gz"))));
    Path out = dir.resolve("workers.csv");
    ChartExport.write(ChartExport.Request.of(ChartKind.WORKERS, List.of(a, b)), out);
    List<String> rows = Files.readAllLines(out).subList(1, Files.readAllLines(out).size());
    int columns = ChartKind.WORKERS.series().size();
    long both = rows.stream().map(l -> l.split(",", -1)).filter(c -> !c[2].isEmpty() && !c[2 + columns].isEmpty())
        .count();
    long shorter = Math.min(a.samples().size(), b.samples().size());
    // matched by exact time, the real run's samples (taken as its events arrive) and the replay's shared no row
    assertTrue(both >= 0.9 * shorter, both + " rows hold both runs, of " + shorter + " samples of the shorter run");
    assertTrue(rows.size() <= 1.1 * Math.max(a.samples().size(), b.samples().size()), "no half-empty rows: "
        + rows.size());
  }

  @Test
  void anUnknownExtensionIsRefusedWithTheReason(@TempDir Path dir) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ChartExport.write(ChartExport.Request.of(ChartKind.QUEUE, List.of(A)), dir.resolve("q.jpg")));
    assertTrue(e.getMessage().contains("q.jpg") && e.getMessage().contains(".png, .svg or .csv"), e.getMessage());
    assertTrue(Files.notExists(dir.resolve("q.jpg")));
  }

  @Test
  void csvTimeReadsLikeTheClocks() {
    assertEquals("0:00:05.0", ChartCsv.clock(5));
    assertEquals("1:00:51.3", ChartCsv.clock(3651.3));
  }
}
