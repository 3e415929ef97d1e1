package helperlab.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.model.MachineSpec;
import helperlab.model.RunRecord;
import helperlab.policy.AdmissionMode;
import helperlab.runs.RunRecords;
import helperlab.sim.SimResult;
import helperlab.sim.SimSetup;
import helperlab.sim.Simulation;
import helperlab.study.PolicyFiles;
import helperlab.study.ScenarioFiles;
import helperlab.workload.Recovery;
import helperlab.workload.RecoveryMeter;
import helperlab.workload.RunTriggers;
import helperlab.workload.ScenarioSpec;
import helperlab.workload.Tipping;
import helperlab.workload.TippingCourse;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code helper-lab sim}: one simulated run, its metrics printed, optionally recorded. */
@Command(name = "sim", mixinStandardHelpOptions = true,
    description = "Simulate one run and print its metrics as JSON.")
public final class SimCommand implements Callable<Integer> {
  @Spec
  CommandSpec command; // not 'spec': that is the scenario's below

  @Option(names = "--scenario", defaultValue = "calm", description = "calm, busy, burst, heavy, overload or a JSON file (default: ${DEFAULT-VALUE})")
  String scenario;

  @Option(names = "--policy", defaultValue = "pool-edf-10",
      description = "a policy id or a policy JSON file (its id may not be a built-in's; default: ${DEFAULT-VALUE})")
  String policy;

  @Option(names = "--machine", defaultValue = "cage", description = "small, cage, large or a JSON file (default: ${DEFAULT-VALUE})")
  String machine;

  @Option(names = "--seed", defaultValue = "0", description = "arrival seed (default: ${DEFAULT-VALUE})")
  long seed;

  @Option(names = "--admission", defaultValue = "edf-fit", description = "edf-fit, flat, flat-prices, first-come or none (default: ${DEFAULT-VALUE})")
  String admission;

  @Option(names = "--calibration", description = "a calibration JSON file (default: the seed's server throughout: its cost curve, start-up measured here scaled by the speed ratio; docs/parameters.md)")
  Path calibration;

  @Option(names = "--record", description = "write the full run record (events, samples; a scenario's trigger and the recovery from it) to this JSON file")
  Path record;

  @Override
  public Integer call() throws Exception {
    Calibration cal = calibration == null ? Calibration.defaults() : Calibration.load(calibration);
    ScenarioSpec spec = ScenarioFiles.named(scenario);
    SimSetup setup = SimSetup.of(spec, PolicyFiles.named(policy), MachineSpec.named(machine), seed,
        AdmissionMode.of(admission), cal, record != null);
    RecoveryMeter meter = new RecoveryMeter();
    SimResult result = new Simulation(setup, meter).run();
    TippingCourse course = Tipping.course(meter, setup.tippingCapacity(), spec.durationS());
    Recovery own = spec.trigger() == null ? null : meter.recovery(spec.trigger(), spec.durationS(), course);
    ObjectNode tipping = DataFile.JSON.valueToTree(course.summary());
    if (own != null) {
      tipping.put("down_before_trigger", own.downBeforeTrigger());
    }
    if (record != null) {
      RunRecord rec = RunRecords.fromSimulation(result);
      if (own != null) {
        // the recovery against the time before the trigger, as a cage's exhibit records it (a real run has no twin)
        rec = rec.withTrigger(RunTriggers.json(spec.trigger()), RunTriggers.json(own));
      }
      DataFile.write(record, rec.withTipping(tipping));
    }
    PrintWriter out = command.commandLine().getOut();
    out.println(DataFile.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(result.metrics()));
    if (own != null) {
      // the same policy on the same arrivals without the trigger: what the trigger did, apart from the hour's ups and downs
      ScenarioSpec plain = spec.withTrigger(null);
      SimSetup twinSetup = SimSetup.of(plain, setup.policy(), MachineSpec.named(machine), seed,
          AdmissionMode.of(admission), cal, false);
      RecoveryMeter twin = new RecoveryMeter();
      new Simulation(twinSetup, twin).run();
      TippingCourse twinCourse = Tipping.course(twin, twinSetup.tippingCapacity(), plain.durationS());
      out.println("recovery from " + spec.trigger().label() + ", against the same run without it:");
      out.println(DataFile.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(
          meter.recovery(spec.trigger(), spec.durationS(), twin, twinCourse, course)));
      out.println("against the " + (int) RecoveryMeter.BASELINE_S + " s before the trigger:");
      out.println(DataFile.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(own));
    }
    out.println("tipping (" + Tipping.words(meter.spans()) + "):");
    out.println(DataFile.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(tipping));
    out.println("the run: " + Tipping.describe(course) + (own == null ? "" : "; the trigger: " + Tipping.describe(own)));
    return 0;
  }
}
