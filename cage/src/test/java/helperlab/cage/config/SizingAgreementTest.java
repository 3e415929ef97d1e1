package helperlab.cage.config;


import static org.junit.jupiter.api.Assertions.assertEquals;

import helperlab.cage.limits.CgroupLimits;
import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.PresetCatalog;
import helperlab.policy.AdmissionMode;
import helperlab.policy.PolicyCatalog;
import helperlab.sim.SimSetup;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "The same scheduler in both worlds": for the same limits and calibration, the cage tells its scheduler
 * exactly what the simulator tells its own, and a run record's machine sizes a replay the same again.
 */
class SizingAgreementTest {
  private static final CageConfig CONFIG = CageConfig.defaults("data");

  @Test
  void theCageAndTheSimulatorSizeTheSameMachineAlike() {
    for (Calibration calibration : List.of(Calibration.seed(), Calibration.defaults(), Calibration.measured())) {
      for (double cpus : new double[] {0.5, 1, 1.5, 2.3, 4, 64}) {
        for (long memoryMb : new long[] {0, 300, 1024, 2048, 8192}) {
          CgroupLimits limits = new CgroupLimits(cpus, "test", memoryMb * 1024 * 1024, "test", "v2", List.of());
          CageSizing cage = CageSizing.of(limits, CONFIG, calibration);
          String at = cpus + " CPUs, " + memoryMb + " MiB";

          SimSetup replay = simulated(cage.machine(), calibration);
          assertEquals(cage.schedulerConfig(), replay.schedulerConfig(), at + ": the record's machine, simulated");

          MachineSpec sameLimits = MachineSpec.of("same-limits", cpus, memoryMb);
          assertEquals(cage.budget().workers(), simulated(sameLimits, calibration).workerBudget(), at + ": budget");
          assertEquals(cage.schedulerConfig().capacityCores(),
              simulated(sameLimits, calibration).schedulerConfig().capacityCores(), at + ": capacity");
        }
      }
    }
  }

  private static SimSetup simulated(MachineSpec machine, Calibration calibration) {
    return new SimSetup("calm", 0, List.of(), 3600, PolicyCatalog.get("pool-edf-10"), machine, calibration,
        AdmissionMode.of(CONFIG.scheduling().admission()), PresetCatalog.defaults(), false, 1.0);
  }
}
