package helperlab.study;

import static org.junit.jupiter.api.Assertions.assertEquals;

import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.study.phase.PhaseGrid;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** The sweep's progress callback, what the command line's bar is drawn from: every run reported once, from any thread. */
class SweepProgressCallbackTest {
  @Test
  void aSweepOnThreadsReportsEveryRunOnce() throws InterruptedException {
    // the main runs, the claims' own and a small phase study with a trigger (whose untriggered twins are not runs)
    PhaseGrid phase = new PhaseGrid(List.of(0.5), true, List.of(PhaseGrid.parseTrigger("spike:2:60")),
        List.of("pool-edf-10", "box"), null);
    SweepPlan plan = new SweepPlan(List.of("calm", "busy"), List.of("pool-edf-10", "box"), List.of(MachineSpec.BUILT_IN.get(0)),
        3, true, List.of(Studies.PHASE), 2, phase);
    ConcurrentLinkedQueue<Integer> heard = new ConcurrentLinkedQueue<>();
    Sweep sweep = new Sweep(plan, Calibration.defaults());
    List<RunRow> rows = sweep.run(3, heard::add);
    List<Long> sorted = new ArrayList<>(heard.stream().map(Integer::longValue).sorted().toList());
    assertEquals(plan.runCount(), rows.size());
    assertEquals(LongStream.rangeClosed(1, rows.size()).boxed().toList(), sorted,
        "runs done so far: 1, 2, ... up to every run, each once (in any order across threads)");
    assertEquals(rows.size(), sweep.runCount(Shard.WHOLE), "the total a bar is drawn against");
  }
}
