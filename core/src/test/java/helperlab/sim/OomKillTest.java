package helperlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.EventType;
import helperlab.model.ImageSpec;
import helperlab.model.MachineSpec;
import helperlab.model.MemoryPoint;
import helperlab.model.PresetCatalog;
import helperlab.model.RunEvent;
import helperlab.model.Task;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicyCatalog;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The kernel's OOM killer as the model has it: an image's memory grows with its progress, the limit is
 * crossed part-way through images, and the worker holding the most is killed, wherever it is in its image.
 */
class OomKillTest {
  @Test
  void anImagesMemoryGrowsWithItsWorkAndIsAllInByTheRampsEnd() {
    MemoryRamp linear = MemoryRamp.MEASURED;
    assertEquals(50, linear.imageMb(0, 200, 0.25), 1e-12);
    assertEquals(200, linear.imageMb(0, 200, 1.0), 1e-12);
    assertEquals(150, linear.imageMb(100, 200, 0.5), 1e-12, "from the high-water mark already held");
    assertEquals(300, linear.imageMb(300, 200, 0.5), 1e-12, "a smaller image adds nothing to the high-water mark");
    assertEquals(200, new MemoryRamp(0.5).imageMb(0, 200, 0.6), 1e-12, "past the ramp's end");
    assertEquals(200, new MemoryRamp(0).imageMb(0, 200, 0), 1e-12, "0: all at the image's start");
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new MemoryRamp(1.5));
    assertTrue(e.getMessage().contains("in [0, 1], got 1.5"), e.getMessage());
  }

  @Test
  void theKernelTakesTheMostPointsAndOnATieTheNewer() {
    OomKiller k = new OomKiller(2048);
    k.consider(1, 300, OomKiller.WORKER_OOM_SCORE_ADJ);
    k.consider(2, 500, OomKiller.WORKER_OOM_SCORE_ADJ);
    k.consider(3, 500, OomKiller.WORKER_OOM_SCORE_ADJ);
    k.consider(4, 900, 0);
    assertEquals(3, k.victim(), "a worker's raised score outweighs 400 MB more in a process that did not raise it");
    assertEquals(2048 + 500, k.points(500, 1000), 1e-12);
    assertEquals(-1, new OomKiller(100).victim());
    assertThrows(IllegalArgumentException.class, () -> new OomKiller(0));
  }

  @Test
  void theLimitIsCrossedPartWayAndTheWorkerHoldingTheMostIsKilled() {
    // two warm workers (100 MiB each, 20 shared), one per task, start a 48 MP image (300 MiB over 0.52 s of
    // work) and a 10 MP one (200 MiB over 0.39 s) together; both whole would take 720 MiB, so under a 503 MiB
    // limit the kernel must kill one while they grow, before either is done: the 48 MP one, which grows
    // faster and holds the most when the limit is crossed, about half-way through its work
    Calibration s = Calibration.seed();
    Calibration c = Calibration.builder().name("t").cost(s.cost()).contention(s.contention()).spawnCpuMs(s.spawnCpuMs())
        .warmupCpuMs(s.warmupCpuMs()).workerPrivateMb(100).workerSharedMb(20).imageMbPerMp(8)
        .speedProbeMs(s.speedProbeMs()).flatAverageMs(s.flatAverageMs()).source("t")
        .imageMemory(List.of(new MemoryPoint(1, 50), new MemoryPoint(10, 200), new MemoryPoint(40, 300)))
        .workerHelloMb(40.0).build();
    MachineSpec machine = MachineSpec.builder().name("t").cores(1.5).memoryMb(503).workerBudget(2).build();
    Task big = new Task(0, 1.0, "web", 600, List.of(new ImageSpec(8000, 6000)));
    Task small = new Task(1, 1.0, "web", 600, List.of(new ImageSpec(4000, 2500)));
    SimSetup setup = new SimSetup("t", 1, List.of(big, small), 60, PolicyCatalog.get("never-split-budget"), machine, c,
        AdmissionMode.NONE, PresetCatalog.defaults(), true, 1.0);
    SimResult r = new Simulation(setup).run();
    List<RunEvent> killed = r.events().stream()
        .filter(e -> e.type() == EventType.IMAGE_KILLED && "oom".equals(e.note())).toList();
    assertEquals(1, killed.size(), "one OOM kill: " + r.events());
    RunEvent kill = killed.get(0);
    assertEquals(0, kill.task(), "the 48 MP image's worker is killed");
    double share = kill.value() / c.trueSeconds(big.images().get(0), "web");
    assertTrue(share > 0.4 && share < 0.6, "killed about half-way through its work: " + share);
    RunEvent smallDone = r.events().stream().filter(e -> e.type() == EventType.IMAGE_DONE && e.task() == 1).findFirst()
        .orElseThrow();
    assertTrue(kill.t() < smallDone.t(), "the limit is crossed between events, not found at the next one");
    assertTrue(r.metrics().peakMemoryMb() <= 503 + 1e-6, "peak " + r.metrics().peakMemoryMb());
  }
}
