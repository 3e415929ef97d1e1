package helperlab.lab.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.BrokenRunFilesTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Opening each broken run file of the corpus in the lab: the banner names the file in plain words. */
class BrokenRunsInTheLabTest {
  private final UiWork lab = new UiWork();
  private final UiThread ui = lab.ui;

  @AfterEach
  void close() {
    lab.close();
  }

  @Test
  void everyBrokenFileOpensToAPlainSentence(@TempDir Path dir) throws Exception {
    Path runs = Files.createDirectories(dir.resolve("lab-runs"));
    Map<String, String> corpus = BrokenRunFilesTest.writeCorpus(runs);
    Notices notices = ui.call(Notices::new);
    BackgroundWork work = lab.work(notices);
    RunLibrary lib = new RunLibrary(work, runs, dir.resolve("history"));
    for (var c : corpus.entrySet()) {
      int before = ui.call(() -> notices.all().size());
      ui.run(() -> lib.open(runs.resolve(c.getKey()), r -> { }));
      ui.await(c.getKey() + " said", Duration.ofSeconds(30), () -> notices.all().size() > before);
      String text = ui.call(() -> notices.bannerProperty().get() == null ? "" : notices.bannerProperty().get().text());
      assertTrue(text.contains(c.getKey()) && text.contains(c.getValue()), text);
      assertFalse(BrokenRunFilesTest.JARGON.matcher(text).find(), "speaks Java: " + text);
      assertEquals(before + 1, ui.call(() -> notices.all().size()), "one notice per file");
    }
  }
}
