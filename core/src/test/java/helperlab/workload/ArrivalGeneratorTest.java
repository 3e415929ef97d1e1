package helperlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.Calibration;
import helperlab.model.ImageSpec;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.model.Task;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Deadlines that allow for a batch's work, and random streams keyed on what a machine is. */
class ArrivalGeneratorTest {
  @Test
  void aDeadlineIsThePresetsBasePlusItsAllowanceForTheBatchsForecastWork() {
    Calibration cal = Calibration.defaults();
    PresetCatalog presets = PresetCatalog.defaults();
    MachineSpec fast = MachineSpec.builder().name("fast").cores(1.5).memoryMb(2048).speed(2.0).build();
    List<Task> tasks = new ArrivalGenerator(ScenarioSpec.builtIn("busy"), fast, cal, presets).generate(3);
    assertTrue(tasks.size() > 50);
    for (Task t : tasks) {
      double work = 0;
      for (ImageSpec i : t.images()) {
        work += cal.forecastSeconds(i.megapixels(), t.preset());
      }
      var p = presets.get(t.preset());
      assertEquals(p.deadlineBaseS() + p.deadlineWorkAllowance() * work / 2.0, t.windowS(), 1e-9,
          "task " + t.id() + " (" + t.preset() + ", " + t.images().size() + " images)");
    }
    // a thumb batch gets less time than a web batch of the same images: it is less work
    assertTrue(cal.presetFactor("thumb") < 1);
  }

  @Test
  void theSameMachineUnderAnotherNameOrMemoryGetsTheSameArrivalsAndOtherCoresDoNot() {
    Calibration cal = Calibration.defaults();
    ScenarioSpec calm = ScenarioSpec.builtIn("calm");
    MachineSpec cage = MachineSpec.builtIn("cage");
    MachineSpec.Builder plain = MachineSpec.builder().name("cage").cores(cage.cores()).memoryMb(cage.memoryMb())
        .maxProcesses(cage.maxProcesses()).speed(cage.speed());
    MachineSpec renamed = plain.name("my-box").build();
    MachineSpec moreMemory = plain.name("cage").memoryMb(4096).maxProcesses(8).build();
    MachineSpec moreCores = plain.memoryMb(cage.memoryMb()).maxProcesses(cage.maxProcesses()).cores(2).build();
    PresetCatalog presets = PresetCatalog.defaults();
    List<Task> arrivals = new ArrivalGenerator(calm, cage, cal, presets).generate(4);
    assertEquals(arrivals, new ArrivalGenerator(calm, renamed, cal, presets).generate(4));
    assertEquals(arrivals, new ArrivalGenerator(calm, moreMemory, cal, presets).generate(4));
    List<Task> other = new ArrivalGenerator(calm, moreCores, cal, presets).generate(4);
    assertNotEquals(arrivals.get(0).arrivalS(), other.get(0).arrivalS(), "another stream, not just another rate");
  }
}
