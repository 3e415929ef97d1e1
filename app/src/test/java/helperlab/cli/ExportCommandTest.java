package helperlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.TestRuns;
import helperlab.model.BrokenRunFilesTest;
import helperlab.model.DataFile;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code helper-lab export}: charts of recorded runs from the command line, headless. */
class ExportCommandTest {
  @Test
  void overlaysTwoRunsAsPngSvgAndCsv(@TempDir Path dir) throws Exception {
    Path a = dir.resolve("a.json");
    Path b = dir.resolve("b.json");
    DataFile.write(a, TestRuns.sim("pool-edf-10", "calm", 3, 600));
    DataFile.write(b, TestRuns.sim("box", "calm", 3, 600));

    CliRun r = CliRun.of("export", a.toString(), "--vs", b.toString(), "--chart", "spawns", "--out",
        dir.resolve("s.png").toString(), "--width", "640", "--height", "360");
    assertEquals(0, r.code(), r.err());
    BufferedImage img = ImageIO.read(dir.resolve("s.png").toFile());
    assertEquals(640, img.getWidth());
    assertEquals(360, img.getHeight());
    assertTrue(r.out().contains("pool-edf-10 s3 vs box s3"), r.out());

    assertEquals(0, CliRun.of("export", a.toString(), "--chart", "all", "--out", dir.resolve("all.svg").toString()).code());
    assertTrue(Files.readString(dir.resolve("all.svg")).contains("Deadlines"));
    assertEquals(0, CliRun.of("export", a.toString(), "--vs", b.toString(), "--chart", "memory", "--out",
        dir.resolve("m.csv").toString()).code());
    assertTrue(Files.readAllLines(dir.resolve("m.csv")).get(0).startsWith("time [h:mm:ss],t [s],pool-edf-10 s3: memory [MB],box s3: memory [MB]"));
  }

  @Test
  void findsARunByIdInTheRunsFolder(@TempDir Path dir) throws Exception {
    var rec = TestRuns.sim("never-split", "calm", 0, 300);
    DataFile.write(dir.resolve(rec.id() + ".json"), rec);
    CliRun r = CliRun.of("export", rec.id(), "--runs-dir", dir.toString(), "--chart", "queue", "--out",
        dir.resolve("q.png").toString());
    assertEquals(0, r.code(), r.err());
    assertTrue(Files.size(dir.resolve("q.png")) > 1000);
  }

  @Test
  void badInputIsAClearErrorWithExitCode2(@TempDir Path dir) throws Exception {
    Path a = dir.resolve("a.json");
    DataFile.write(a, TestRuns.sim("pool-edf-10", "calm", 3, 300));
    CliRun r = CliRun.of("export", a.toString(), "--chart", "latency", "--out", dir.resolve("x.png").toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("unknown chart 'latency'") && r.err().contains("workers"), r.err());

    r = CliRun.of("export", a.toString(), "--out", dir.resolve("x.gif").toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("x.gif") && r.err().contains(".png, .svg or .csv"), r.err());

    Path bad = dir.resolve("bad.json");
    Files.writeString(bad, "[1, 2");
    r = CliRun.of("export", bad.toString(), "--out", dir.resolve("x.png").toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains("bad.json"), r.err());
  }

  @Test
  void brokenRunFilesAreSaidInPlainWords(@TempDir Path dir) throws Exception {
    Map<String, String> corpus = BrokenRunFilesTest.writeCorpus(dir);
    for (var c : corpus.entrySet()) {
      CliRun r = CliRun.of("export", dir.resolve(c.getKey()).toString(), "--out", dir.resolve("x.png").toString());
      assertEquals(2, r.code(), r.err());
      assertTrue(r.err().contains(c.getKey()) && r.err().contains(c.getValue()), r.err());
      assertFalse(BrokenRunFilesTest.JARGON.matcher(r.err()).find(), "speaks Java: " + r.err());
    }
  }

  @Test
  void labAndExportHaveHelp() {
    for (String sub : new String[] {"lab", "export"}) {
      CliRun r = CliRun.of(sub, "--help");
      assertEquals(0, r.code());
      assertTrue(r.out().contains("Usage: helper-lab " + sub), r.out());
    }
  }
}
