package helperlab.study.prereg;

import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.policy.AdmissionMode;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.study.Studies;
import helperlab.workload.HelperPrice;
import helperlab.workload.RecoveryMeter;
import helperlab.workload.ScenarioSpec;
import helperlab.workload.Tipping;
import java.util.ArrayList;
import java.util.List;

/**
 * One labelled model of the cage: a calibration on the simulated cage (1.5 cores), edf-fit admission, the policy's
 * own client; each run judged by the outcome-only criterion with the hour's spans (a 300 s window, which is also the
 * warm-up, and a 120 s hold), as the recordings will be.
 */
public record Model(String label, Calibration calibration, MachineSpec machine) {
  /** The spans the registered points are judged with, predictions and recordings alike. */
  public static final RecoveryMeter.Windows SPANS = RecoveryMeter.Windows.HOUR;

  public Model {
    if (label == null || label.isBlank()) {
      throw new IllegalArgumentException("a model needs a label");
    }
  }

  /** {@code calibration} on the simulated cage. */
  public static Model of(String label, Calibration calibration) {
    return new Model(label, calibration, MachineSpec.builtIn("cage"));
  }

  /**
   * This model with a helper's start (spawn and warm-up CPU, and a fresh worker's slower first images) priced
   * {@code factor} times: the price study's axis (docs/tipping.md), so "wrong by ×2 in start price" means what the
   * price map means by it.
   */
  public Model withStartPriceTimes(double factor, String newLabel) {
    double start = machine.spawnCpuS(calibration) + machine.warmupCpuS(calibration);
    return new Model(newLabel, calibration.withWarmUpSlownessTimes(factor),
        Studies.withSpawnCost(machine, calibration, start * factor));
  }

  /** A helper's start in images of {@code scenario}'s mix, on this model. */
  public double helperStartImages(String scenario) {
    return HelperPrice.startImages(machine, calibration, ScenarioSpec.builtIn(scenario), PresetCatalog.defaults());
  }

  /** Seeds 0 to {@code seeds} - 1 of {@code point}, cut to {@code exhibitS}, each judged. */
  public Prediction predict(OperatingPoint point, double exhibitS, int seeds) {
    ScenarioSpec s = point.spec(exhibitS);
    List<RunFate> fates = new ArrayList<>();
    for (long seed = 0; seed < seeds; seed++) {
      SimSetup setup = SimSetup.of(s, point.policy(), machine, seed, AdmissionMode.EDF_FIT, calibration, false);
      RecoveryMeter meter = new RecoveryMeter(SPANS);
      new Simulation(setup, meter).run();
      fates.add(RunFate.of(Tipping.course(meter, setup.tippingCapacity(), exhibitS)));
    }
    return new Prediction(label, fates);
  }
}
