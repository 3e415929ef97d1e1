package helperlab.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.ImageSpec;
import helperlab.model.MachineSpec;
import helperlab.model.MemoryPoint;
import helperlab.model.PresetCatalog;
import helperlab.model.Task;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicyCatalog;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A worker's memory as the calibration measured it: nothing while its JVM starts, the JVM's own at
 * hello, its whole private memory once warm, and the high-water mark of its images until it exits.
 */
class WorkerMemoryTest {
  private static final double SHARED = 20;
  private static final double HELLO = 40;
  private static final double PRIVATE = 100;

  private static Calibration calibration(Double helloMb) {
    Calibration s = Calibration.seed();
    return Calibration.builder().name("t").cost(s.cost()).contention(s.contention()).spawnCpuMs(s.spawnCpuMs())
        .warmupCpuMs(s.warmupCpuMs()).workerPrivateMb(PRIVATE).workerSharedMb(SHARED).imageMbPerMp(8)
        .speedProbeMs(s.speedProbeMs()).flatAverageMs(s.flatAverageMs()).source("t")
        .imageMemory(List.of(new MemoryPoint(1, 50), new MemoryPoint(10, 200), new MemoryPoint(40, 300)))
        .workerHelloMb(helloMb).build();
  }

  /** The distinct memory levels one worker passes through while it resizes a 48 MP image and then a 1 MP one. */
  private static List<Double> levels(Calibration c) {
    Task task = new Task(0, 1.0, "web", 600, List.of(new ImageSpec(8000, 6000), new ImageSpec(1000, 1000)));
    SimSetup setup = new SimSetup("t", 1, List.of(task), 60, PolicyCatalog.get("pool-edf-10"), MachineSpec.builtIn("cage"),
        c, AdmissionMode.NONE, PresetCatalog.defaults(), false, 1.0);
    Simulation sim = new Simulation(setup);
    List<Double> levels = new ArrayList<>();
    for (double t = 0; t < 60 && (levels.isEmpty() || sim.totals().metrics().imagesDone() < 2); t += 0.005) {
      sim.advanceTo(t);
      double mb = sim.memoryMb();
      if (levels.isEmpty() || Math.abs(levels.get(levels.size() - 1) - mb) > 1e-9) {
        levels.add(mb);
      }
    }
    assertEquals(2, sim.totals().metrics().imagesDone(), "both images resized within the minute");
    return levels;
  }

  @Test
  void aWorkerGrowsThroughItsStartAndItsImageAndKeepsItsLargestImagesMemory() {
    List<Double> levels = levels(calibration(HELLO));
    // ready and given the big image in the same instant: the image grows from there
    assertEquals(List.of(0.0, SHARED, SHARED + HELLO), levels.subList(0, 3), "start-up");
    assertGrowsThroughTheImageAndKeepsIt(levels);
  }

  @Test
  void withoutAHelloMeasurementTheWholePrivateMemoryComesAtHello() {
    List<Double> levels = levels(calibration(null));
    assertEquals(List.of(0.0, SHARED, SHARED + PRIVATE), levels.subList(0, 3));
    assertGrowsThroughTheImageAndKeepsIt(levels);
  }

  /** The big image's 300 MiB come with its progress, never fall back, and stay through the small image. */
  private static void assertGrowsThroughTheImageAndKeepsIt(List<Double> levels) {
    assertTrue(levels.stream().anyMatch(mb -> mb > SHARED + PRIVATE + 50 && mb < SHARED + PRIVATE + 250),
        "memory part-way through the big image: " + levels);
    for (int i = 1; i < levels.size(); i++) {
      assertTrue(levels.get(i) > levels.get(i - 1), "memory never falls while the worker lives: " + levels);
    }
    assertEquals(SHARED + PRIVATE + 300, levels.get(levels.size() - 1), 1e-9);
  }

  @Test
  void theMeasuredCurveIsFollowedBetweenItsPointsAndHeldFlatPastItsEnds() {
    Calibration c = calibration(HELLO);
    assertEquals(50, c.imageMb(0.2), 1e-12, "below the first point: the first point");
    assertEquals(125, c.imageMb(5.5), 1e-12, "halfway between 1 and 10 MP");
    assertEquals(300, c.imageMb(70), 1e-12, "past the last point: the heap's cap");
    for (Calibration curve : List.of(c, Calibration.defaults())) { // 3 points, and the default's 16
      List<MemoryPoint> points = curve.imageMemory();
      for (MemoryPoint p : points) {
        assertEquals(p.mb(), curve.imageMb(p.megapixels()), 1e-9, "at a measured point: that point (" + p + ")");
      }
      for (int i = 1; i < points.size(); i++) { // a quarter of the way along each segment
        MemoryPoint a = points.get(i - 1);
        MemoryPoint b = points.get(i);
        assertEquals(a.mb() + (b.mb() - a.mb()) / 4,
            curve.imageMb(a.megapixels() + (b.megapixels() - a.megapixels()) / 4), 1e-9, "between " + a + " and " + b);
      }
    }
    Calibration linear = Calibration.seed();
    assertTrue(linear.imageMemory().isEmpty());
    assertEquals(linear.imageMbPerMp() * 12, linear.imageMb(12), 1e-12, "no curve: per megapixel");
    assertEquals(PRIVATE, calibration(500.0).helloMb(), "never more at hello than when warm");
  }
}
