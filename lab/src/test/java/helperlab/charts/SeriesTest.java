package helperlab.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.TestRuns;
import helperlab.model.RunRecord;
import helperlab.model.Samples;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The chart series computed from a run's columns, and the live sample table. */
class SeriesTest {
  private static LiveSamples table(double[][] rows) {
    LiveSamples s = new LiveSamples();
    for (double[] r : rows) {
      // t, workers, spawns, met, late, refused
      s.add(r[0], (int) r[1], 0, 0, 0, 0, 0, 0, (int) r[2], (int) r[3], (int) r[4], (int) r[5]);
    }
    return s;
  }

  @Test
  void spawnsPerMinuteCountsTheTrailingMinute() {
    LiveSamples s = table(new double[][] {{0, 0, 0, 0, 0, 0}, {30, 1, 5, 0, 0, 0}, {60, 1, 8, 0, 0, 0},
        {90, 1, 20, 0, 0, 0}, {150, 1, 21, 0, 0, 0}});
    assertEquals(5, Series.SPAWNS_PER_MINUTE.value(s, 1), "first minute: all so far");
    assertEquals(8, Series.SPAWNS_PER_MINUTE.value(s, 2));
    assertEquals(15, Series.SPAWNS_PER_MINUTE.value(s, 3), "20 at 90 s minus 5 at 30 s");
    assertEquals(1, Series.SPAWNS_PER_MINUTE.value(s, 4), "21 at 150 s minus 20 at 90 s");
  }

  @Test
  void metShareIsUndefinedBeforeAnyOutcome() {
    LiveSamples s = table(new double[][] {{0, 0, 0, 0, 0, 0}, {10, 0, 0, 3, 1, 0}, {20, 0, 0, 3, 1, 2}});
    assertTrue(Double.isNaN(Series.MET_SHARE.value(s, 0)));
    assertEquals(75, Series.MET_SHARE.value(s, 1), 1e-9);
    assertEquals(50, Series.MET_SHARE.value(s, 2), 1e-9);
  }

  @Test
  void liveSamplesGrowAndMatchTheRecordedOnes() {
    RunRecord r = TestRuns.hour("box", 2);
    Samples rec = r.samples();
    LiveSamples live = new LiveSamples();
    RecordedSamples recorded = new RecordedSamples(rec);
    double end = rec.t()[rec.size() - 1];
    for (int pass = 0; pass < 2; pass++) { // twice (the second an hour later), past the first capacity of 4096
      for (int i = 0; i < rec.size(); i++) {
        live.add(rec.t()[i] + pass * end, rec.workers()[i], rec.busy()[i], rec.queue()[i], rec.memoryMb()[i],
            rec.cpuUsefulS()[i], rec.cpuSpawnS()[i], rec.cpuKilledS()[i], rec.spawns()[i], rec.met()[i], rec.late()[i],
            rec.refused()[i]);
      }
    }
    assertTrue(2 * rec.size() > 4096, "grows past its first capacity: " + rec.size());
    assertEquals(2 * rec.size(), live.size());
    for (Series s : Series.values()) {
      for (int i = 0; i < rec.size(); i += 97) {
        assertEquals(s.value(recorded, i), s.value(live, i), 1e-9, s + " at " + i);
      }
    }
    Samples copy = live.toSamples();
    assertEquals(2 * rec.size(), copy.size());
    assertEquals(rec.spawns()[rec.size() - 1], copy.spawns()[copy.size() - 1]);
    assertEquals(rec.memoryMb()[17], copy.memoryMb()[rec.size() + 17]);
    assertEquals(2 * rec.size() - 1, live.indexAt(1e9));
    assertEquals(0, live.indexAt(-5));
  }

  @Test
  void aReaderOnAnotherThreadAlwaysSeesCompleteRows() throws Exception {
    LiveSamples live = new LiveSamples();
    AtomicBoolean bad = new AtomicBoolean();
    Thread reader = new Thread(() -> {
      int seen = 0;
      while (seen < 200_000) {
        int n = live.size();
        for (int i = seen; i < n; i++) {
          // every row was written with workers == spawns == index
          if (live.get(Column.WORKERS, i) != i || live.get(Column.SPAWNS, i) != i || live.t(i) != i) {
            bad.set(true);
          }
        }
        seen = n;
      }
    });
    reader.start();
    for (int i = 0; i < 200_000; i++) {
      live.add(i, i, 0, 0, 0, 0, 0, 0, i, 0, 0, 0);
    }
    reader.join(10_000);
    assertTrue(!reader.isAlive() && !bad.get(), "the reader saw an incomplete row");
  }
}
