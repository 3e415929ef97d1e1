package helperlab.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.RunMetrics;
import helperlab.workload.Trigger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A tip counts as spontaneous without a trigger, or before the trigger began; never after it. */
class SpontaneousTipsTest {
  private static final RunMetrics M = RunMetrics.builder().submitted(10).admitted(10).met(5).late(5).metShare(0.5)
      .spawns(10).processesPerTask(1).cpuUsefulS(10).cpuSpawnS(1).peakMemoryMb(100).imagesDone(10).meanResponseS(1)
      .build();

  private static RunRow main(String policy, long seed) {
    return new RunRow("calm", policy, "cage", seed, "edf-fit", M);
  }

  private static RunRow triggered(String policy, long seed) {
    return new RunRow("calm", policy, "cage", seed, "edf-fit", M, Studies.METASTABILITY,
        new Trigger(Trigger.Kind.SPIKE, 900, 60, 2), null, null);
  }

  @Test
  void tipsAreCountedPerPolicyAndLoadOnlyWhereNoTriggerWasBehindThem() {
    // seed 0 tipped at 300 s, seed 1 at 1000 s (after a trigger at 900), seed 2 never
    Map<Long, Double> at = Map.of(0L, 300.0, 1L, 1000.0);
    List<RunRow> rows = List.of(main("box", 0), main("box", 1), main("box", 2), main("pool-edf-10", 2),
        triggered("box", 0), triggered("box", 1), triggered("box", 2));
    SpontaneousTips tips = new SpontaneousTips(rows, r -> r.policy().equals("box") ? at.get(r.seed()) : null);
    assertTrue(tips.spontaneous(rows.get(0)));
    assertTrue(tips.spontaneous(rows.get(1)), "no trigger: any tip is its own");
    assertTrue(tips.spontaneous(rows.get(4)), "before the trigger");
    assertFalse(tips.spontaneous(rows.get(5)), "after the trigger began: the trigger's, not spontaneous");
    assertEquals(2, tips.counts().get("main, edf-fit|cage|calm|box")[0]);
    assertEquals(3, tips.counts().get("main, edf-fit|cage|calm|box")[1]);
    assertEquals(1, tips.counts().get("metastability, edf-fit|cage|calm|box")[0]);
    StringBuilder md = new StringBuilder();
    tips.markdown(md, "test");
    assertTrue(md.toString().contains("| cage | box | 2/3 · met 50.0% · late 50% |"), md.toString());
    assertFalse(md.toString().contains("pool-edf-10"), "a policy that never went down is left out: " + md);
    assertTrue(md.toString().contains("3 of 7 runs went down by themselves (0 of them never healthy)."), md.toString());
  }
}
