package helperlab.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A first start away from a checkout: the lab started as a process in a folder with no {@code lab-runs/}, with a
 * fresh {@code HOME}, lists the sample runs it carries (real runs and their replays) and opens the sample sweep in
 * the Sweep view, unpacked under the lab's home.
 */
@Tag("slow")
class FirstStartTest {
  @Test
  void aFreshHomeInAnEmptyFolderShowsTheSampleRunsAndSweep(@TempDir Path dir) throws Exception {
    Path home = Files.createDirectories(dir.resolve("home"));
    Path work = Files.createDirectories(dir.resolve("work"));
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Duser.home=" + home);
    for (String a : List.of("-Djava.awt.headless=true", "-Dglass.platform=Monocle", "-Dmonocle.platform=Headless",
        "-Dprism.order=sw", "-Dprism.text=t2k", "-Dheadless.geometry=1280x720-32")) {
      cmd.add(a);
    }
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), FirstStartProbe.class.getName()));
    Path out = dir.resolve("out.txt");
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true)
        .redirectOutput(out.toFile());
    pb.environment().put("HOME", home.toString());
    pb.environment().remove("XDG_CONFIG_HOME");
    Process p = pb.start();
    assertTrue(p.waitFor(5, TimeUnit.MINUTES), "the lab did not finish its first start");
    String said = Files.readString(out);
    assertEquals(0, p.exitValue(), said);

    Path labHome = home.resolve(".helper-lab");
    List<String> runs = said.lines().filter(l -> l.startsWith("run: ")).toList();
    assertEquals(10, runs.size(), said);
    assertEquals(5, runs.stream().filter(l -> l.endsWith(" real")).count(), said);
    assertEquals(5, runs.stream().filter(l -> l.endsWith(" replay")).count(), said);
    assertTrue(runs.stream().allMatch(l -> l.startsWith("run: sample-runs/")), said);
    assertTrue(said.contains("runs folder: " + labHome.resolve("sample-runs")), said);
    assertTrue(said.contains("sweep: " + labHome.resolve("sample-sweep") + " "), said);
    assertTrue(Files.isRegularFile(labHome.resolve("sample-sweep").resolve("runs.jsonl.gz")), said);
    assertTrue(Files.notExists(work.resolve("lab-runs")), "the lab made a runs folder in the working directory");
  }
}
