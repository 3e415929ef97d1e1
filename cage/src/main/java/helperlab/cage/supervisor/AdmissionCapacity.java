package helperlab.cage.supervisor;

import helperlab.cage.run.CpuShareMeter;
import helperlab.model.Calibration;
import helperlab.model.Interference;
import helperlab.model.SampleCost;
import helperlab.policy.ColdStart;
import helperlab.policy.SchedulerConfig;
import java.util.Locale;

/**
 * The CPU a cage's admission plans on, with a margin: the nominal capacity (its cores through the
 * calibration's contention model) times the share of its CPU the host lets it have, over one plus the
 * calibration's error (how far the measured sample costs lie from the cost curve the scheduler forecasts
 * with). The share is the one {@link CpuShareMeter} measures through the live run ({@link #follow});
 * a run begins on the share the previous run got. An uncalibrated cage forecasts with the seed's
 * placeholder curve, whose error on this machine nobody knows, so it plans on {@link #UNCALIBRATED_SHARE}
 * of the nominal capacity until calibrated.
 *
 * @param nominalCores the capacity without a margin (what the simulator plans on)
 * @param plannedCores what admission plans on
 * @param calibrated whether the calibration was measured on a cage
 * @param calibrationError the cost curve's root-mean-square relative error over its measured samples, or
 *     null when it has none
 * @param previousShare the share of its wanted CPU the previous run got from the host, or null when unmeasured
 * @param cpuShare the share planned on now, or null when nothing says (then 1)
 * @param shareMeasured whether {@code cpuShare} was measured on this run's own workers (else a stand-in)
 * @param why the planned capacity in words
 */
public record AdmissionCapacity(double nominalCores, double plannedCores, boolean calibrated, Double calibrationError,
    Double previousShare, Double cpuShare, boolean shareMeasured, String why) {

  /**
   * CPU-seconds a fresh worker's first {@link #FRESH_IMAGES} images cost above their forecast, all together: the
   * JIT still compiling the paths those images take (the worker's warm-up resizes small web images only). A
   * measured figure, from the heavy {@code ab} case on a loaded host (lab-runs/findings/30: two fresh workers'
   * first six 23.5 MP archive images took 4.1 CPU-s above the forecast), not a model of the JIT.
   */
  static final double FRESH_SURCHARGE_S = 2.0;
  /** How many first images of a fresh worker carry {@link #FRESH_SURCHARGE_S}. */
  static final int FRESH_IMAGES = 3;

  /** The share of the nominal capacity an uncalibrated cage plans on. */
  static final double UNCALIBRATED_SHARE = 0.7;

  /** The plan a run begins with: the previous run's share, nothing of this one measured yet. */
  static AdmissionCapacity decide(double nominalCores, Calibration calibration, Interference lastRun) {
    Double share = measuredShare(lastRun);
    String host = share == null ? "the host's share not measured yet"
        : String.format(Locale.ROOT, "the previous run got %.0f%% of the CPU it wanted", 100 * share);
    return plan(nominalCores, calibration, share, share, false, host);
  }

  /**
   * The plan with the share {@code meter} measures now (see {@link CpuShareMeter#share}), on the same
   * nominal capacity and calibration this plan was made with; this plan when the meter has nothing to say.
   */
  AdmissionCapacity follow(CpuShareMeter meter, Calibration calibration) {
    CpuShareMeter.Share s = meter.share(previousShare);
    if (s == null) {
      return this;
    }
    return plan(nominalCores, calibration, previousShare, s.value(), s.measured(), s.words());
  }

  private static AdmissionCapacity plan(double nominalCores, Calibration calibration, Double previous, Double share,
      boolean measured, String host) {
    boolean calibrated = calibration.measuredOnACage();
    Double error = curveError(calibration);
    double s = share == null ? 1.0 : share;
    double planned;
    String basis;
    if (!calibrated || error == null) {
      planned = nominalCores * s * UNCALIBRATED_SHARE;
      basis = String.format(Locale.ROOT, "%s: plans on %.0f%% of it until 'ctl calibrate' measures this cage",
          calibrated ? "calibrated without measured sample costs to judge its curve by" : "uncalibrated",
          100 * UNCALIBRATED_SHARE);
    } else {
      planned = nominalCores * s / (1 + error);
      basis = String.format(Locale.ROOT, "the calibration's cost curve is off by %.0f%% (RMS over %d samples)",
          100 * error, calibration.sampleCosts().size());
    }
    String why = String.format(Locale.ROOT, "plans on %.2f of %.2f cores: %s; %s", planned, nominalCores, basis, host);
    return new AdmissionCapacity(nominalCores, planned, calibrated, error, previous, share, measured, why);
  }

  /**
   * The cold start admission counts with this plan: a worker's start-up, before one of the run's is measured,
   * as long as it took alone on a calibrated cage ({@code worker_ready_s}; the simulator's measured default when
   * this calibration has none) over the CPU share planned on (each of its threads gets that share of a core),
   * and the first images' measured surcharge.
   */
  ColdStart coldStart(Calibration calibration) {
    Double alone = calibration.workerReadyS();
    String from = "start-up alone " + (alone != null ? "as calibrated" : "as measured on a reference cage");
    if (alone == null) {
      alone = Calibration.defaults().workerReadyS();
    }
    double s = cpuShare == null ? 1.0 : cpuShare;
    return new ColdStart(alone / s, FRESH_SURCHARGE_S, FRESH_IMAGES, String.format(Locale.ROOT,
        "%s, %.2f s, over a share of %.0f%%; the surcharge measured on a loaded host", from, alone, 100 * s));
  }

  /** The scheduler's configuration with this capacity; a process's share of it shrinks by the same factor. */
  SchedulerConfig applyTo(SchedulerConfig nominal) {
    double factor = plannedCores / nominalCores;
    return new SchedulerConfig(nominal.workerBudget(), nominal.maxProcesses(), plannedCores, nominal.admission(),
        nominal.spawnEstimateS(), nominal.maxStrikes(), nominal.processCores() * factor);
  }

  /** The share of its wanted CPU a run got, or null when it wanted too little to say. */
  static Double measuredShare(Interference run) {
    if (run == null || run.cpuWantedS() < Interference.MIN_WANTED_S) {
      return null;
    }
    return Math.max(CpuShareMeter.FLOOR, 1 - run.lackedShare()); // a run that got nothing still plans on a sliver
  }

  /** The cost curve's RMS relative error against the sample costs measured with it, or null without any. */
  static Double curveError(Calibration c) {
    if (c.sampleCosts().isEmpty()) {
      return null;
    }
    double sum = 0;
    for (SampleCost s : c.sampleCosts()) {
      double forecast = c.cost().millis(s.width() * (double) s.height() / 1e6);
      double rel = s.ms() / forecast - 1;
      sum += rel * rel;
    }
    return Math.sqrt(sum / c.sampleCosts().size());
  }
}
