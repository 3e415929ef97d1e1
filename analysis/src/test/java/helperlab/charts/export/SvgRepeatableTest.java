package helperlab.charts.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.runs.SweepRuns;
import helperlab.study.RunRow;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A chart drawn twice from the same runs gives the same SVG file, clip ids included (committed outputs). */
class SvgRepeatableTest {
  @Test
  void thePhaseDiagramsSvgIsTheSameEachTimeItIsDrawn(@TempDir Path dir) throws Exception {
    List<RunRow> rows = SweepRuns.read(Path.of("docs/phase-study"));
    Path first = Files.createDirectories(dir.resolve("first"));
    Path second = Files.createDirectories(dir.resolve("second"));
    PhaseDiagramChart.writeBeside(first, rows);
    PhaseDiagramChart.writeBeside(second, rows);
    String a = Files.readString(first.resolve("phase-spike-60s.svg"));
    assertTrue(a.contains("clipPath"), "the diagram clips its panels, so its SVG carries ids");
    assertEquals(a, Files.readString(second.resolve("phase-spike-60s.svg")));
  }
}
