package helperlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.Contention;
import helperlab.model.DataFile;
import helperlab.model.EventType;
import helperlab.model.ImageSpec;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.model.RunEvent;
import helperlab.model.Task;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicyCatalog;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A starting worker runs on more than one core (a JVM's JIT and GC threads beside its main thread): alone in the
 * cage it finishes its start-up in the wall time the calibration measured, and beside a busy worker it takes more
 * than half of the CPU, as the kernel shares a cgroup's CPU among threads.
 */
class StartupParallelismTest {
  private static final double SPAWN_MS = 420;
  private static final double WARMUP_MS = 700;
  private static final double READY_S = 0.772;

  private static Calibration calibration(Double readyS) {
    Calibration s = Calibration.seed();
    return Calibration.builder().name("t").cost(s.cost()).spawnCpuMs(SPAWN_MS).warmupCpuMs(WARMUP_MS)
        .workerPrivateMb(100).workerSharedMb(20).imageMbPerMp(8).speedProbeMs(s.speedProbeMs())
        .flatAverageMs(s.flatAverageMs()).source("t").workerReadyS(readyS).build();
  }

  /** One task of one image for never-split: one worker, alone from its spawn to its image's end. */
  private static List<RunEvent> oneHelper(Calibration c) {
    Task task = new Task(0, 1.0, "web", 600, List.of(new ImageSpec(4000, 3000)));
    SimSetup setup = new SimSetup("t", 1, List.of(task), 60, PolicyCatalog.get("never-split"), MachineSpec.builtIn("cage"),
        c, AdmissionMode.NONE, PresetCatalog.defaults(), true, 1.0);
    return new Simulation(setup).run().events();
  }

  private static RunEvent first(List<RunEvent> events, EventType type) {
    return events.stream().filter(e -> e.type() == type).findFirst().orElseThrow(() -> new AssertionError("no " + type));
  }

  @Test
  void aWorkerAloneIsReadyInTheWallTimeTheCalibrationMeasured() {
    Calibration c = calibration(READY_S);
    assertEquals((SPAWN_MS + WARMUP_MS) / 1000 / READY_S, c.startupParallelism(), 1e-12);
    List<RunEvent> events = oneHelper(c);
    RunEvent spawned = first(events, EventType.WORKER_SPAWNED);
    RunEvent ready = first(events, EventType.WORKER_READY);
    assertEquals(READY_S, ready.t() - spawned.t(), 1e-9, "spawned to ready, alone");
    assertEquals((SPAWN_MS + WARMUP_MS) / 1000, ready.value(), 1e-9, "its start-up CPU is what was measured, not less");
    // its image then runs on one thread: its CPU equals its wall time
    RunEvent started = first(events, EventType.IMAGE_STARTED);
    RunEvent done = first(events, EventType.IMAGE_DONE);
    assertEquals(done.value(), done.t() - started.t(), 1e-9);
  }

  @Test
  void withoutTheWallTimeAWorkerStartsOnOneCore() {
    Calibration c = calibration(null);
    assertEquals(1.0, c.startupParallelism());
    List<RunEvent> events = oneHelper(c);
    assertEquals((SPAWN_MS + WARMUP_MS) / 1000, first(events, EventType.WORKER_READY).t()
        - first(events, EventType.WORKER_SPAWNED).t(), 1e-9);
    assertEquals(1.0, calibration(5.0).startupParallelism(), "a start-up slower than its CPU still holds one core");
  }

  @Test
  void besideABusyWorkerAStartingOneTakesItsThreadsShareOfTheQuota() {
    double p = 1.45;
    Machine m = new Machine(1.5, 1.0, new Contention(0, Double.POSITIVE_INFINITY), p);
    m.addRunnable(false);
    assertEquals(1.0, m.cpuShare(), 1e-12, "one image: one core");
    m.addRunnable(true);
    double share = 1.5 / (1 + p);
    assertEquals(share, m.cpuShare(), 1e-12, "per thread");
    m.advanceTo(2.0);
    assertEquals(2.0 * 1.5, m.cpuTotal(), 1e-12, "the quota is used, not more");
    assertEquals(2.0 * share, m.cpuClock(), 1e-12);
    assertTrue(p * share > 0.75 && share < 0.75, "the starting worker gets more than half, the image less");
    m.removeRunnable(true);
    m.removeRunnable(false);
    assertEquals(0, m.runnable());
    assertThrows(IllegalArgumentException.class, () -> new Machine(1.5, 1.0, new Contention(0, 1), 0.5));
  }

  @Test
  void theWallTimeIsReadBackAndCheckedFromTheCalibrationFile() {
    Calibration c = calibration(READY_S);
    assertEquals(c, DataFile.parse(DataFile.compact(c), "test", Calibration.class));
    assertTrue(DataFile.compact(c).contains("\"worker_ready_s\":0.772"), DataFile.compact(c));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> calibration(0.0));
    assertTrue(e.getMessage().contains("worker_ready_s"), e.getMessage());
    assertEquals(READY_S * 1.2, c.scaledBy(1.2, "slower").workerReadyS(), 1e-12, "a slower day starts slower too");
  }
}
