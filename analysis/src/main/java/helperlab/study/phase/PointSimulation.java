package helperlab.study.phase;

import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.policy.AdmissionMode;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.workload.RecoveryMeter;
import helperlab.workload.ScenarioSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * An operating point simulated as the pre-registration simulated it (lab-runs/preregistration/Predict.java.txt):
 * the calm mix at the point's offered load cut to the exhibit, its trigger if it has one, on the simulated cage
 * with edf-fit admission and the default calibration, each seed judged with the hour's spans.
 */
public final class PointSimulation {
  private PointSimulation() {}

  /** Seeds 0 to {@code seeds} - 1 of {@code point}, each's outcome in seed order. */
  public static List<PointOutcome> seeds(PreregisteredPoint point, double exhibitS, int seeds) {
    return seeds(point, exhibitS, seeds, Calibration.defaults());
  }

  /**
   * As {@link #seeds(PreregisteredPoint, double, int)}, with another calibration (the recording host's, to see after
   * the fact what the registered default calibration left out).
   */
  public static List<PointOutcome> seeds(PreregisteredPoint point, double exhibitS, int seeds, Calibration calibration) {
    return seeds(point, exhibitS, seeds, calibration, 1.0);
  }

  /**
   * As {@link #seeds(PreregisteredPoint, double, int, Calibration)}, with the work costing {@code workFactor} times
   * what the calibration says while arrivals and the scheduler's forecasts follow the calibration: the host at the
   * pace a recording's speed probe measured, as a replay plays it.
   */
  public static List<PointOutcome> seeds(PreregisteredPoint point, double exhibitS, int seeds, Calibration calibration,
      double workFactor) {
    ScenarioSpec s = ScenarioSpec.builtIn("calm").withLoad(point.offeredLoad()).withDuration(exhibitS);
    if (point.trigger() != null) {
      s = s.withTrigger(point.trigger());
    }
    MachineSpec cage = MachineSpec.builtIn("cage");
    List<PointOutcome> out = new ArrayList<>();
    for (long seed = 0; seed < seeds; seed++) {
      SimSetup setup = SimSetup.of(s, point.policy(), cage, seed, AdmissionMode.EDF_FIT, calibration, false)
          .withWorkFactor(workFactor);
      RecoveryMeter m = new RecoveryMeter();
      new Simulation(setup, m).run();
      out.add(PointOutcome.judge(m, setup.registeredCapacity(m.spans().windowS()), exhibitS));
    }
    return out;
  }
}
