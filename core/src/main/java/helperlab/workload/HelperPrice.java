package helperlab.workload;

import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;

/**
 * The price of a helper's start, in images: the CPU a fresh worker spends starting and warming up (spawn + warm-up)
 * over the CPU of one image of the hour's mix on the same machine (the scenario's mean image cost with its preset
 * mix, {@link ArrivalGenerator#meanImageCostS()}). A fork costs a fraction of an image, a JVM several: where calling
 * for help tips a server depends first on this ratio, so studies carry it ({@code helper_start_images}) and the
 * price study maps it.
 */
public final class HelperPrice {
  private HelperPrice() {}

  /** A helper's start on {@code machine}, in images of {@code scenario}'s mix. */
  public static double startImages(MachineSpec machine, Calibration calibration, ScenarioSpec scenario,
      PresetCatalog presets) {
    double start = machine.spawnCpuS(calibration) + machine.warmupCpuS(calibration);
    return start / imageCpuS(machine, calibration, scenario, presets);
  }

  /** The start-up CPU (spawn + warm-up, seconds) that prices a helper's start at {@code images} of the mix. */
  public static double startCpuS(double images, MachineSpec machine, Calibration calibration, ScenarioSpec scenario,
      PresetCatalog presets) {
    return images * imageCpuS(machine, calibration, scenario, presets);
  }

  /** One image of the mix on the machine, CPU seconds (the forecast's seconds over the machine's speed). */
  static double imageCpuS(MachineSpec machine, Calibration calibration, ScenarioSpec scenario, PresetCatalog presets) {
    return new ArrivalGenerator(scenario, machine, calibration, presets).meanImageCostS() / machine.speedOrDefault();
  }
}
