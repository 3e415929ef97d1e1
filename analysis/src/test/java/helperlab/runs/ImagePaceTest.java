package helperlab.runs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import helperlab.model.Calibration;
import helperlab.model.EventType;
import helperlab.model.ImageSpec;
import helperlab.model.MachineSpec;
import helperlab.model.RunEvent;
import helperlab.model.RunRecord;
import helperlab.model.Samples;
import helperlab.model.Task;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A real run's pace from its images: the CPU its completed batches took over what its calibration prices them at. */
class ImagePaceTest {
  private static final Calibration CAL = Calibration.defaults();
  private static final ImageSpec EIGHT_MP = new ImageSpec(3264, 2448, 1.0);
  private static final ImageSpec TWO_MP = new ImageSpec(1632, 1224, 1.0);

  private static RunEvent done(int task, double cpuS) {
    return new RunEvent(1, EventType.IMAGE_DONE, 0, task, 0, cpuS, null);
  }

  private static RunRecord run(List<Task> tasks, List<RunEvent> events) {
    Samples none = new Samples(new double[0], new int[0], new int[0], new int[0], new double[0], new double[0],
        new double[0], new double[0], new int[0], new int[0], new int[0], new int[0]);
    return RunRecord.builder().id("real-x").kind(RunRecord.KIND_REAL).policy("box").scenario("calm")
        .machine(MachineSpec.named("cage")).seed(0).admission("edf-fit").calibration(CAL).durationS(60).tasks(tasks)
        .events(events).samples(none).build();
  }

  @Test
  void theCompletedBatchesCpuOverTheirCalibratedCost() {
    double eight = CAL.trueSeconds(EIGHT_MP, "web");
    double two = CAL.trueSeconds(TWO_MP, "thumb");
    Task whole = new Task(0, 1, "web", 30, List.of(EIGHT_MP, EIGHT_MP));
    Task other = new Task(1, 2, "thumb", 30, List.of(TWO_MP));
    Task cut = new Task(2, 3, "web", 30, List.of(EIGHT_MP, EIGHT_MP, EIGHT_MP)); // one of three done: left out
    RunRecord r = run(List.of(whole, other, cut),
        List.of(done(0, 1.2 * eight), done(0, 1.4 * eight), done(1, 0.9 * two), done(2, 5 * eight)));
    assertEquals((2.6 * eight + 0.9 * two) / (2 * eight + two), ImagePace.of(r), 1e-9);
  }

  @Test
  void aRunWithNoBatchDoneHasNoPace() {
    assertNull(ImagePace.of(run(List.of(new Task(0, 1, "web", 30, List.of(EIGHT_MP))), List.of())));
  }
}
