package helperlab.cage.supervisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import helperlab.cage.TestDatabase;
import helperlab.cage.TestImages;
import helperlab.cage.config.CageConfig;
import helperlab.cage.run.Exhibit;
import helperlab.cage.store.CageStore;
import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.model.RunRecord;
import helperlab.policy.PolicyCatalog;
import helperlab.workload.RunTriggers;
import helperlab.workload.ScenarioSpec;
import helperlab.workload.Trigger;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An exhibit cut short by a crash is rebuilt at start-up with the arrivals it was playing: its offered load and its
 * trigger's batches are stored with the run, not taken again from the scenario's own load.
 */
class InterruptedExhibitTest {
  private static final MachineSpec MACHINE = MachineSpec.builtIn("cage");
  private static final Calibration CALIBRATION = Calibration.defaults();

  @Test
  void anInterruptedExhibitIsRebuiltAtItsOfferedLoadWithItsTrigger(@TempDir Path data) throws Exception {
    Trigger spike = new Trigger(Trigger.Kind.SPIKE, 100, 60, 3.0);
    ScenarioSpec calm = ScenarioSpec.builtIn("calm");
    assertNotEquals(0.3, calm.load(), "the exhibit plays a load other than the scenario's own");
    Exhibit played = new Exhibit(calm.withLoad(0.3), 4, 300, 20, spike, PolicyCatalog.get("box"), MACHINE, CALIBRATION,
        PresetCatalog.defaults(), TestImages.library());
    try (TestDatabase db = TestDatabase.create(); CageStore store = CageStore.open(db.url())) {
      store.createRun(new CageStore.RunRow("real-stored", "exhibit", "box", "calm", 4, "edf-fit", 300.0, null,
          Instant.now(), null, played.offeredLoad, RunTriggers.json(spike).toString()));
      store.createRun(new CageStore.RunRow("real-older", "exhibit", "box", "calm", 4, "edf-fit", 300.0, null,
          Instant.now(), null, null, null));
      Map<String, CageStore.RunRow> rows = new java.util.HashMap<>();
      store.runs("running").forEach(r -> rows.put(r.id(), r));
      CageStore.RunRow row = rows.get("real-stored");
      assertEquals(0.3, row.offeredLoad());
      assertEquals(spike, helperlab.model.DataFile.JSON.readValue(row.triggerJson(), Trigger.class));

      StartupTakeBack takeBack = new StartupTakeBack(store, null,
          CageConfig.load(null, Map.of("data", data.toString()), Map.of()), CALIBRATION, MACHINE);
      RunRecord rebuilt = takeBack.rebuild(row, new ArrayList<>());
      assertEquals(played.tasks, rebuilt.tasks(), "the arrivals it was playing, the spike's batches among them");
      assertEquals(0.3, rebuilt.offeredLoad());
      assertEquals(spike, RunTriggers.trigger(rebuilt));

      // a row stored before runs kept them: the scenario's own load, no trigger, and the record says it does not know
      RunRecord older = takeBack.rebuild(rows.get("real-older"), new ArrayList<>());
      assertNotEquals(played.tasks.size(), older.tasks().size());
      assertNull(older.offeredLoad());
      assertNull(RunTriggers.trigger(older));
    }
  }
}
