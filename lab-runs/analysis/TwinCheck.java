// An experiment, not part of the build.
// Recovery against a twin that is itself down (issue 29): the calm hour at loads 0.1-0.3, a x3 spike at 900 s for
// 60 s, seeds 0-9; each triggered run's recovery against its twin (the same seed untriggered) measured without the
// tipping capacity (the band is the twin's, whatever state the twin is in: the measure before 2026-12-03) and with
// it (a window where the twin is down is no band: back only when the run is not down itself).
//   javac -cp target/helper-lab.jar -d /tmp/tw lab-runs/analysis/TwinCheck.java
//   java -cp /tmp/tw:target/helper-lab.jar TwinCheck
import helperlab.model.*; import helperlab.policy.AdmissionMode; import helperlab.sim.*; import helperlab.workload.*;
public class TwinCheck { public static void main(String[] a) {
  MachineSpec cage = MachineSpec.builtIn("cage");
  Trigger t = new Trigger(Trigger.Kind.SPIKE, 900, 60, 2);
  for (String pol : new String[]{"box", "box-help-20-min1", "split-forecast"}) for (double load : new double[]{0.1, 0.2, 0.3}) {
    int judged = 0, oldRec = 0, newRec = 0, changed = 0, twinTipped = 0;
    for (long seed = 0; seed < 10; seed++) {
      ScenarioSpec base = ScenarioSpec.builtIn("calm").withLoad(load);
      SimSetup twinSetup = SimSetup.of(base, pol, cage, seed, AdmissionMode.EDF_FIT, Calibration.defaults(), false);
      RecoveryMeter twin = new RecoveryMeter(); new Simulation(twinSetup, twin).run();
      SimSetup setup = SimSetup.of(base.withTrigger(t), pol, cage, seed, AdmissionMode.EDF_FIT, Calibration.defaults(), false);
      RecoveryMeter m = new RecoveryMeter(); new Simulation(setup, m).run();
      Tipping.Capacity c = setup.tippingCapacity(60);
      Recovery nw = m.recovery(t, base.durationS(), twin, c);
      if (nw.downBeforeTrigger()) continue;
      judged++;
      Double o = m.recovery(t, base.durationS(), twin).recoveryS(), n = nw.recoveryS();
      if (o != null) oldRec++; if (n != null) newRec++;
      if (!java.util.Objects.equals(o, n)) changed++;
      if (Tipping.tippedAtS(twin, twinSetup.tippingCapacity(60), base.durationS()) != null) twinTipped++;
    }
    System.out.printf("%s load %.1f: judged %d, twin tipped %d, recovered old %d new %d, recovery changed in %d%n", pol, load, judged, twinTipped, oldRec, newRec, changed);
  }}}
