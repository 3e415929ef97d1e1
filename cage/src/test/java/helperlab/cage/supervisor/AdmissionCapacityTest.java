package helperlab.cage.supervisor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.cage.run.CpuShareMeter;
import helperlab.model.Calibration;
import helperlab.model.Interference;
import helperlab.model.SampleCost;
import helperlab.policy.AdmissionMode;
import helperlab.policy.SchedulerConfig;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The capacity a cage's admission plans on: the nominal one, less the host's take and the calibration's error. */
class AdmissionCapacityTest {
  static final double NOMINAL = 1.9;

  @Test
  void anUncalibratedCagePlansOnAStatedFractionAndSaysWhy() {
    AdmissionCapacity a = AdmissionCapacity.decide(NOMINAL, Calibration.seed(), null);
    assertFalse(a.calibrated());
    assertEquals(NOMINAL * AdmissionCapacity.UNCALIBRATED_SHARE, a.plannedCores(), 1e-9);
    assertNull(a.cpuShare());
    assertEquals("plans on 1.33 of 1.90 cores: uncalibrated: plans on 70% of it until 'ctl calibrate' measures "
        + "this cage; the host's share not measured yet", a.why());
  }

  @Test
  void aCalibratedCagePlansOnItsCurvesError() {
    // every sample measured 20% above the curve: RMS error 0.2
    Calibration c = measured(1.2);
    AdmissionCapacity a = AdmissionCapacity.decide(NOMINAL, c, null);
    assertTrue(a.calibrated());
    assertEquals(0.2, a.calibrationError(), 1e-9);
    assertEquals(NOMINAL / 1.2, a.plannedCores(), 1e-9);
    assertTrue(a.why().contains("the calibration's cost curve is off by 20% (RMS over 3 samples)"), a.why());
    assertEquals(NOMINAL, AdmissionCapacity.decide(NOMINAL, measured(1.0), null).plannedCores(), 1e-9,
        "a curve that fits its samples exactly leaves no margin");
  }

  @Test
  void theHostsShareOfThePreviousRunIsPlannedOn() {
    Interference starved = new Interference(10, 6, 0, 5, 2); // the host took 40%
    AdmissionCapacity a = AdmissionCapacity.decide(NOMINAL, measured(1.2), starved);
    assertEquals(0.6, a.cpuShare(), 1e-9);
    assertEquals(NOMINAL * 0.6 / 1.2, a.plannedCores(), 1e-9);
    assertTrue(a.why().endsWith("the previous run got 60% of the CPU it wanted"), a.why());
    Interference tooShort = new Interference(1, 0.2, 0, 5, 2);
    assertNull(AdmissionCapacity.decide(NOMINAL, measured(1.2), tooShort).cpuShare(), "too little wanted to say");
    assertEquals(NOMINAL * AdmissionCapacity.UNCALIBRATED_SHARE * 0.6,
        AdmissionCapacity.decide(NOMINAL, Calibration.seed(), starved).plannedCores(), 1e-9);
  }

  @Test
  void theShareMeasuredInTheLiveRunReplacesThePreviousRunsAndSaysSo() {
    Interference starved = new Interference(10, 6, 0, 5, 2); // the previous run got 60%
    AdmissionCapacity start = AdmissionCapacity.decide(NOMINAL, measured(1.2), starved);
    CpuShareMeter meter = new CpuShareMeter();
    AdmissionCapacity unmeasured = start.follow(meter, measured(1.2));
    assertEquals(start.plannedCores(), unmeasured.plannedCores(), 1e-9, "nothing observed yet: the previous run's share");
    assertFalse(unmeasured.shareMeasured());
    helperlab.cage.worker.HostLoad quiet = new helperlab.cage.worker.HostLoad(1, 2);
    meter.observe(0, 0, 2, new CpuShareMeter.Spent(0, 0, Double.NaN, 0), null, quiet);
    for (int i = 1; i <= 10; i++) {
      // two busy workers, a quarter of a core each
      meter.observe(0.5 * i, 2, 2, new CpuShareMeter.Spent(2 * 0.5 * 0.25, 0, Double.NaN, 0), null, quiet);
    }
    AdmissionCapacity live = start.follow(meter, measured(1.2));
    assertTrue(live.shareMeasured());
    assertEquals(0.25, live.cpuShare(), 1e-9);
    assertEquals(0.6, live.previousShare(), 1e-9);
    assertEquals(NOMINAL * 0.25 / 1.2, live.plannedCores(), 1e-9);
    assertTrue(live.why().endsWith("this run's busy workers got 25% of the CPU they wanted over the last 5 s"), live.why());
    assertEquals(NOMINAL * AdmissionCapacity.UNCALIBRATED_SHARE * 0.25,
        AdmissionCapacity.decide(NOMINAL, Calibration.seed(), null).follow(meter, Calibration.seed()).plannedCores(), 1e-9);
  }

  @Test
  void aCalibrationWithoutSampleCostsIsPlannedOnAsUncalibrated() {
    Calibration c = withSamples(List.of());
    AdmissionCapacity a = AdmissionCapacity.decide(NOMINAL, c, null);
    assertTrue(a.calibrated());
    assertNull(a.calibrationError());
    assertEquals(NOMINAL * AdmissionCapacity.UNCALIBRATED_SHARE, a.plannedCores(), 1e-9);
    assertTrue(a.why().contains("calibrated without measured sample costs"), a.why());
  }

  @Test
  void theSchedulersConfigurationTakesThePlannedCapacityAndKeepsTheRest() {
    SchedulerConfig nominal = new SchedulerConfig(2, 3, NOMINAL, AdmissionMode.EDF_FIT, 0.5, 3);
    SchedulerConfig planned = AdmissionCapacity.decide(NOMINAL, Calibration.seed(), null).applyTo(nominal);
    assertEquals(NOMINAL * 0.7, planned.capacityCores(), 1e-9);
    assertEquals(0.7, planned.processCores(), 1e-9, "one process's core shrinks by the same factor");
    assertEquals(nominal.workerBudget(), planned.workerBudget());
    assertEquals(nominal.maxProcesses(), planned.maxProcesses());
    assertEquals(nominal.admission(), planned.admission());
    assertEquals(nominal.spawnEstimateS(), planned.spawnEstimateS());
    assertEquals(nominal.maxStrikes(), planned.maxStrikes());
  }

  /** The seed's curve as if calibrate had measured it, its samples costing {@code times} the curve. */
  private static Calibration measured(double times) {
    Calibration seed = Calibration.seed();
    int[][] sizes = {{1000, 1000}, {2000, 1500}, {4000, 3000}};
    List<SampleCost> samples = java.util.Arrays.stream(sizes)
        .map(s -> new SampleCost(s[0], s[1], times * seed.cost().millis(s[0] * (double) s[1] / 1e6))).toList();
    return withSamples(samples);
  }

  private static Calibration withSamples(List<SampleCost> samples) {
    Calibration s = Calibration.seed();
    return s.toBuilder().name("measured").source(Calibration.CALIBRATE_SOURCE + " (test)").sampleCosts(samples).build();
  }
}
