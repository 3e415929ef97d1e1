package helperlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A record's head badges it; a file cut short is not whole, whatever its head says. */
class RecordHeadTest {
  @Test
  void aFileCutShortIsNotWholeThoughItsHeadReadsReal(@TempDir Path dir) throws Exception {
    BrokenRunFilesTest.writeCorpus(dir);
    Path good = Files.copy(BrokenRunFilesTest.GOOD, dir.resolve("good.json.gz"));
    assertEquals(Optional.of("real"), RecordHead.kind(good));
    assertTrue(RecordHead.whole(good));
    for (String cut : new String[] {"truncated.json.gz", "gzip-of-half.json.gz", "half.json"}) {
      assertFalse(RecordHead.whole(dir.resolve(cut)), cut + " is cut short");
    }
    assertEquals(Optional.of("real"), RecordHead.kind(dir.resolve("half.json")), "its head alone reads real");
    assertTrue(RecordHead.whole(dir.resolve("duration-abc.json")), "whole, though a field is wrong");
  }
}
