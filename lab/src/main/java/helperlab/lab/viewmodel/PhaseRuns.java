package helperlab.lab.viewmodel;

import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.model.RunRecord;
import helperlab.policy.AdmissionMode;
import helperlab.runs.RunRecords;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.study.ScenarioFiles;
import helperlab.study.phase.diagram.PhaseDiagram;
import helperlab.study.phase.diagram.PriceMap;
import helperlab.workload.ScenarioSpec;

/**
 * The run behind a phase-map or price-map cell, simulated as the sweep ran it (its load, its trigger or its price of
 * a helper, the setting's client and forecast bias, the cell's representative seed) and recorded.
 */
final class PhaseRuns {
  private PhaseRuns() {}

  static RunRecord of(PhaseDiagram d, PhaseDiagram.Cell cell) {
    ScenarioSpec atLoad = ScenarioFiles.named(d.run().scenario()).withLoad(cell.load());
    helperlab.workload.Trigger t = d.trigger(cell.size());
    ScenarioSpec scenario = t == null ? atLoad : atLoad.withTrigger(t);
    SimSetup of = SimSetup.of(scenario, d.policy(), MachineSpec.named(d.run().machine()),
        cell.representativeSeed(), AdmissionMode.of(d.run().admission()), Calibration.defaults(), true);
    // the phase setting as the sweep ran it: the client's answer to a refusal (the study's runs honour Retry-After
    // unless their setting says otherwise), the work over its forecast
    helperlab.policy.PolicySpec policy = of.policy().withRetryAfter(d.run().client() == null
        ? helperlab.policy.PolicySpec.RetryAfter.HONOUR : helperlab.policy.PolicySpec.RetryAfter.of(d.run().client()));
    double work = d.run().forecastBias() == null ? 1.0 : d.run().forecastBias();
    SimSetup setup = new SimSetup(of.scenario(), of.seed(), of.tasks(), of.durationS(), policy, of.machine(),
        of.calibration(), of.admission(), of.presets(), true, of.sampleEveryS(), work, of.trigger());
    RunRecord r = RunRecords.fromSimulation(new Simulation(setup).run());
    // the record keeps its trigger, so Runs shades the trigger's window as Live does
    return t == null ? r : r.withTrigger(helperlab.model.DataFile.JSON.valueToTree(t), null);
  }

  static RunRecord of(PriceMap m, PriceMap.Cell cell) {
    ScenarioSpec scenario = ScenarioFiles.named(m.run().scenario()).withLoad(cell.load());
    MachineSpec base = MachineSpec.named(m.run().machine());
    Calibration cal = Calibration.defaults();
    MachineSpec machine = base;
    Calibration runCal = cal;
    if (cell.spawnCostS() != null) { // a run at another price than the calibration's own
      double own = base.spawnCpuS(cal) + base.warmupCpuS(cal);
      machine = helperlab.study.Studies.withSpawnCost(base, cal, cell.spawnCostS());
      runCal = cal.withWarmUpSlownessTimes(own > 0 ? cell.spawnCostS() / own : 1);
    }
    SimSetup of = SimSetup.of(scenario, m.policy(), machine, cell.representativeSeed(),
        AdmissionMode.of(m.run().admission()), runCal, true);
    helperlab.policy.PolicySpec policy = of.policy().withRetryAfter(m.run().client() == null
        ? helperlab.policy.PolicySpec.RetryAfter.HONOUR : helperlab.policy.PolicySpec.RetryAfter.of(m.run().client()));
    double work = m.run().forecastBias() == null ? 1.0 : m.run().forecastBias();
    SimSetup setup = new SimSetup(of.scenario(), of.seed(), of.tasks(), of.durationS(), policy, of.machine(),
        of.calibration(), of.admission(), of.presets(), true, of.sampleEveryS(), work, null);
    return RunRecords.fromSimulation(new Simulation(setup).run());
  }
}
