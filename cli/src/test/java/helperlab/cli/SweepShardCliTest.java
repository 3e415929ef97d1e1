package helperlab.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** sweep --shard and sweep merge from the command line, and their usage errors (exit 2). */
class SweepShardCliTest {
  private static String[] sweep(String... extra) {
    String[] base = {"sweep", "--scenarios", "calm", "--policies", "pool-edf-10,box", "--machines", "small", "--seeds", "2",
        "--threads", "1"};
    String[] all = new String[base.length + extra.length];
    System.arraycopy(base, 0, all, 0, base.length);
    System.arraycopy(extra, 0, all, base.length, extra.length);
    return all;
  }

  @Test
  void twoShardsMergeIntoWhatOneSweepWrites(@TempDir Path dir) throws Exception {
    // a shard runs one cost basis, so the single run it is held to does too
    assertEquals(0, CliRun.of(sweep("--second-calibration", "none", "--out", dir.resolve("one").toString())).code());
    for (int i = 0; i < 2; i++) {
      CliRun r = CliRun.of(sweep("--shard", i + "/2", "--out", dir.resolve("s" + i).toString()));
      assertEquals(0, r.code(), r.err());
      assertTrue(Files.exists(dir.resolve("s" + i).resolve("shard.json")));
    }
    CliRun merged = CliRun.of("sweep", "merge", dir.resolve("s1").toString(), dir.resolve("s0").toString(), "--out",
        dir.resolve("merged").toString());
    assertEquals(0, merged.code(), merged.err());
    for (String f : new String[] {"runs.jsonl", "summary.csv", "findings.md"}) {
      assertArrayEquals(Files.readAllBytes(dir.resolve("one").resolve(f)), Files.readAllBytes(dir.resolve("merged").resolve(f)), f);
    }
  }

  @Test
  void badShardsStudiesAndMergesAreUsageErrors(@TempDir Path dir) {
    CliRun shard = CliRun.of(sweep("--shard", "2/2", "--out", dir.toString()));
    assertEquals(2, shard.code());
    assertTrue(shard.err().contains("shard index"), shard.err());
    CliRun study = CliRun.of(sweep("--study", "chaos", "--out", dir.toString()));
    assertEquals(2, study.code());
    assertTrue(study.err().contains("unknown study 'chaos'") && study.err().contains("metastability"), study.err());
    CliRun noOut = CliRun.of(sweep());
    assertEquals(2, noOut.code());
    assertTrue(noOut.err().contains("--out"), noOut.err());
    CliRun notShard = CliRun.of("sweep", "merge", dir.toString(), "--out", dir.resolve("m").toString());
    assertEquals(2, notShard.code());
    assertTrue(notShard.err().contains("not a sweep shard"), notShard.err());
  }
}
