package helperlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Numbers out of range, in a file or on the command line, and an export into a folder that is not there. */
class PlainWordsCliTest {
  @Test
  void aNumberTooLargeForItsFieldIsSaidSoNotInTheParsersWords(@TempDir Path dir) throws Exception {
    Path record = dir.resolve("run.json");
    assertEquals(0, CliRun.of("sim", "--scenario", "calm", "--seed", "3", "--record", record.toString()).code());
    Files.writeString(record, Files.readString(record).replace("\"seed\" : 3,", "\"seed\" : 99999999999999999999,"));
    CliRun r = CliRun.of("replay", record.toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("run.json at 'seed': 99999999999999999999 is too large: this field takes whole numbers up "
        + "to 9223372036854775807"), r.err());
    assertFalse(r.err().contains("Numeric value") || r.err().contains("out of range of long"), r.err());

    Path policy = dir.resolve("p.json");
    Files.writeString(policy, PolicyFileCliTest.POOL_FIFO_RETRY.replace("\"chunk\": 1", "\"chunk\": -99999999999"));
    CliRun p = CliRun.of("sim", "--policy", policy.toString());
    assertEquals(2, p.code(), p.err());
    assertTrue(p.err().contains("at 'pool.chunk': -99999999999 is too small: this field takes whole numbers down to "
        + "-2147483648"), p.err());
  }

  @Test
  void aWholeNumberOptionOutOfRangeOrNotANumberIsSaidPlainly() {
    CliRun big = CliRun.of("sim", "--seed", "99999999999999999999");
    assertEquals(2, big.code());
    assertTrue(big.err().contains("'99999999999999999999' is too large: the largest is 9223372036854775807"), big.err());
    CliRun word = CliRun.of("sweep", "--seeds", "twenty", "--out", "x");
    assertEquals(2, word.code());
    assertTrue(word.err().contains("'twenty' is not a whole number"), word.err());
    assertFalse(big.err().contains("is not a long") || word.err().contains("is not an int"), big.err() + word.err());
  }

  @Test
  void exportMakesNoFolderItWasNotGiven(@TempDir Path dir) throws Exception {
    Path record = dir.resolve("run.json");
    assertEquals(0, CliRun.of("sim", "--scenario", "calm", "--seed", "1", "--record", record.toString()).code());
    Path missing = dir.resolve("no-such-folder");
    CliRun r = CliRun.of("export", record.toString(), "--out", missing.resolve("dir").resolve("x.png").toString());
    assertEquals(2, r.code(), r.err());
    assertTrue(r.err().contains("there is no folder " + missing.resolve("dir")), r.err());
    assertFalse(Files.exists(missing), "the folder was not made");
    CliRun ok = CliRun.of("export", record.toString(), "--out", dir.resolve("x.png").toString());
    assertEquals(0, ok.code(), ok.err());
    assertTrue(Files.size(dir.resolve("x.png")) > 0);
  }
}
