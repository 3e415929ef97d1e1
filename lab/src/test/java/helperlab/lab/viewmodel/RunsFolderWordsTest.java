package helperlab.lab.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The status bar's runs folder: from ~ under the home, as given elsewhere, the sample set named. */
class RunsFolderWordsTest {
  private final RunsFolderWords words = new RunsFolderWords(Path.of("/home/ana"), Path.of("/home/ana/.helper-lab/sample-runs"));

  @Test
  void aFolderUnderTheHomeIsWrittenFromTilde() {
    assertEquals("runs folder: ~/runs/xeon", words.status(Path.of("/home/ana/runs/xeon")));
    assertEquals("runs folder: ~", words.status(Path.of("/home/ana")));
  }

  @Test
  void otherFoldersAreShownAsTheyAre() {
    assertEquals("runs folder: /data/runs", words.status(Path.of("/data/runs")));
    assertEquals("runs folder: /home/anastasia/runs", words.status(Path.of("/home/anastasia/runs")), "not a prefix of a name");
    assertEquals("runs folder: lab-runs", words.status(Path.of("lab-runs")));
  }

  @Test
  void theTooltipHasTheWholePathAndNamesTheSampleSet() {
    assertEquals("runs folder: ~/.helper-lab/sample-runs", words.status(Path.of("/home/ana/.helper-lab/sample-runs")));
    assertEquals("/home/ana/.helper-lab/sample-runs: the samples the lab carries",
        words.whole(Path.of("/home/ana/.helper-lab/sample-runs")));
    assertEquals("/home/ana/runs", words.whole(Path.of("/home/ana/runs")));
  }

  @Test
  void noFolderIsSaid() {
    assertEquals("runs folder: none", words.status(null));
  }
}
