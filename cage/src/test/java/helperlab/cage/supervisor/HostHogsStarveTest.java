package helperlab.cage.supervisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.cage.TestImages;
import helperlab.cage.measure.CpuHogs;
import helperlab.model.Interference;
import helperlab.model.RunRecord;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that is broken on purpose, as a check of the measure before it is trusted on others: with a CPU hog on
 * every core beside the cage, the record must say the host starved the run, and put the lack on the host, not on
 * the cage's own front. (More load on the machine only starves it more.)
 */
@Tag("slow") // a batch of large photos on a machine made busy
class HostHogsStarveTest {
  @Test
  void hogsOnEveryCoreStarveTheRunAndTheRecordSaysTheHostDidIt(@TempDir Path data) throws Exception {
    try (CpuHogs hogs = CpuHogs.start();
        CageHarness cage = CageHarness.start(data, Map.of("policy", "pool-edf-10"))) {
      List<String> images = new ArrayList<>();
      // enough photos that the run wants several CPU-seconds whichever decoder the worker has (libjpeg-turbo decodes
      // these scaled, at about a quarter of the JDK's CPU)
      for (int i = 0; i < 24; i++) {
        images.add(TestImages.copyInto(cage.inbox(), TestImages.photo(24), "big-" + i + ".jpg").getFileName().toString());
      }
      long batch = cage.submit("web", images, 3600.0);
      assertEquals(images.size(), cage.awaitFinished(batch, Duration.ofMinutes(5)).get("done").asInt());
      RunRecord record = cage.stopAndRecord();
      Interference i = Interference.of(record);
      System.out.println("beside the hogs: " + i);
      assertTrue(i != null && i.hostTookS() != null, "the split is measured: " + i);
      assertTrue(i.cpuWantedS() >= Interference.MIN_WANTED_S, "enough wanted to judge: " + i);
      assertTrue(i.starved(), i.words() + ": " + i);
      assertTrue(i.hostTookShare() > i.frontTookShare(), i.words());
      assertTrue(i.hostTookShare() + i.frontTookShare() <= i.lackedShare() + 1e-9, "no more split than lacked: " + i);
    }
  }
}
