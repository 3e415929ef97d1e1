package helperlab.model;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.workload.ScenarioSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A bad machine, scenario or calibration file gets one message naming the file, the field and the fault. */
class DataFileErrorsTest {
  @TempDir
  Path dir;

  private String error(String json, Class<?> type) throws Exception {
    Path f = dir.resolve("input.json");
    Files.writeString(f, json);
    DataFileException e = assertThrows(DataFileException.class, () -> DataFile.read(f, type));
    assertTrue(e.getMessage().startsWith(f.toString()), e.getMessage());
    return e.getMessage();
  }

  @ParameterizedTest(name = "machine: {1}")
  @CsvSource(delimiter = '|', value = {
      "{\"name\": \"m\", \"memory_mb\": 100}|cores",
      "{\"name\": \"m\", \"cores\": -1, \"memory_mb\": 100}|cores",
      "{\"name\": \"m\", \"cores\": 1, \"memory_mb\": 100, \"coers\": 2}|coers",
      "{\"name\": \"m\", \"cores\": \"two\", \"memory_mb\": 100}|cores",
      "{\"name\": \"m\", \"cores\": 1, \"memory_mb\": 100, \"contention\": -0.5}|contention",
      "{\"name\": \"m\", \"cores\": 1, \"memory_mb\": 100, \"max_processes\": 0}|max_processes",
      "{\"name\": \"a b\", \"cores\": 1, \"memory_mb\": 100}|name"})
  void aBadMachineNamesTheField(String json, String field) throws Exception {
    String message = error(json, MachineSpec.class);
    assertTrue(message.contains(field), message);
  }

  @ParameterizedTest(name = "scenario: {1}")
  @CsvSource(delimiter = '|', value = {
      "{\"name\": \"s\", \"duration_s\": 60, \"batch_size\": {\"mean\": 2, \"max\": 5}, \"presets\": {\"web\": 1}, \"image_mix\": [{\"name\": \"a\", \"weight\": 1, \"min_mp\": 1, \"max_mp\": 2}], \"cost_noise\": {\"kind\": \"none\"}}|load",
      "{\"name\": \"s\", \"duration_s\": 60, \"load\": 0.5, \"batch_size\": {\"mean\": 0.5, \"max\": 5}, \"presets\": {\"web\": 1}, \"image_mix\": [{\"name\": \"a\", \"weight\": 1, \"min_mp\": 1, \"max_mp\": 2}], \"cost_noise\": {\"kind\": \"none\"}}|batch_size.mean",
      "{\"name\": \"s\", \"duration_s\": 60, \"load\": 0.5, \"batch_size\": {\"mean\": 2, \"max\": 5}, \"presets\": {\"web\": 1}, \"image_mix\": [{\"name\": \"a\", \"weight\": 1, \"min_mp\": 3, \"max_mp\": 2}], \"cost_noise\": {\"kind\": \"none\"}}|image_mix",
      "{\"name\": \"s\", \"duration_s\": 60, \"load\": 0.5, \"batch_size\": {\"mean\": 2, \"max\": 5}, \"presets\": {\"web\": 1}, \"image_mix\": [{\"name\": \"a\", \"weight\": 1, \"min_mp\": 1, \"max_mp\": 2}], \"cost_noise\": {\"kind\": \"gaussian\"}}|cost_noise.kind",
      "{\"name\": \"s\", \"duration_s\": 60, \"load\": 0.5, \"batch_size\": {\"mean\": 2, \"max\": 5}, \"presets\": {}, \"image_mix\": [{\"name\": \"a\", \"weight\": 1, \"min_mp\": 1, \"max_mp\": 2}], \"cost_noise\": {\"kind\": \"none\"}}|presets",
      "{\"name\": \"s\", \"duration_s\": 60, \"load\": 0.5, \"batch_size\": {\"mean\": 2, \"max\": 5}, \"presets\": {\"web\": 1}, \"image_mix\": [], \"cost_noise\": {\"kind\": \"none\"}}|image_mix"})
  void aBadScenarioNamesTheField(String json, String field) throws Exception {
    String message = error(json, ScenarioSpec.class);
    assertTrue(message.contains(field), message);
  }

  @Test
  void malformedJsonSaysWhere() throws Exception {
    String message = error("{\"name\": \"m\", \"cores\": 1,, }", MachineSpec.class);
    assertTrue(message.contains("malformed JSON") && message.contains("line 1"), message);
  }

  @Test
  void aMissingFileIsNamed() {
    Path missing = dir.resolve("nope.json");
    DataFileException e = assertThrows(DataFileException.class, () -> DataFile.read(missing, MachineSpec.class));
    assertTrue(e.getMessage().contains("nope.json") && e.getMessage().contains("no such file"), e.getMessage());
  }

  @Test
  void aCalibrationWithABadCurveNamesTheField() throws Exception {
    String json = new String(Calibration.class.getResourceAsStream("calibration-seed.json").readAllBytes())
        .replace("\"floor_ms\": 81", "\"floor_ms\": 900");
    String message = error(json, Calibration.class);
    assertTrue(message.contains("ceiling_ms") && message.contains("floor_ms"), message);
  }

  @Test
  void unknownBuiltInsListTheKnownOnes() {
    IllegalArgumentException m = assertThrows(IllegalArgumentException.class, () -> MachineSpec.named("huge"));
    assertTrue(m.getMessage().contains("small, cage, large"), m.getMessage());
    IllegalArgumentException s = assertThrows(IllegalArgumentException.class, () -> ScenarioSpec.named("rush"));
    assertTrue(s.getMessage().contains("calm, busy, burst, heavy, overload"), s.getMessage());
  }

  @Test
  void aScenarioNamingAnUnknownPresetIsRejected() {
    ScenarioSpec s = DataFile.parse("""
        {"name": "s", "duration_s": 60, "load": 0.5, "batch_size": {"mean": 2, "max": 5},
         "presets": {"poster": 1}, "image_mix": [{"name": "a", "weight": 1, "min_mp": 1, "max_mp": 2}],
         "cost_noise": {"kind": "none"}}""", "s.json", ScenarioSpec.class);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new helperlab.workload.ArrivalGenerator(s, MachineSpec.builtIn("cage"), helperlab.model.Calibration.seed(), PresetCatalog.defaults()));
    assertTrue(e.getMessage().contains("poster") && e.getMessage().contains("thumb"), e.getMessage());
  }
}
