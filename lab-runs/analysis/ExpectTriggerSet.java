// An experiment, not part of the build: what the simulator expects of scripts/record-trigger-runs before it
// is run. Each exhibit's tasks as the cage plays them (the scenario's arrivals cut to the exhibit with the
// spike laid over them, each image the library's nearest sample) simulated on the cage machine (1.5 cores,
// 2 GiB, budget 2) with the trigger and the calibration given, work factor 1, stopped at duration + grace;
// the recovery measured as the cage and its replay measure it (RecoveryMeter.Windows.EXHIBIT).
//   javac -cp target/helper-lab.jar -d /tmp/x lab-runs/analysis/ExpectTriggerSet.java
//   java -cp target/helper-lab.jar:/tmp/x ExpectTriggerSet lab-runs/amd-2026-12-01c/calibration/calibration.json \
//     calm 140 20 35 30 pool-edf-10,box,retry-client spike:1,spike:2 1,2 /tmp/helperlab-record-triggers/samples
import helperlab.cage.image.SampleLibrary;
import helperlab.model.*;
import helperlab.policy.*;
import helperlab.sim.*;
import java.nio.file.Path;
import java.util.*;


public class ExpectTriggerSet {
  public static void main(String[] a) throws Exception {
    Calibration cal = Calibration.load(Path.of(a[0]));
    a = Arrays.copyOfRange(a, 1, a.length);
    String scenario = a[0]; double dur = Double.parseDouble(a[1]); double grace = Double.parseDouble(a[2]);
    double at = Double.parseDouble(a[3]); double len = Double.parseDouble(a[4]);
    String[] policies = a[5].split(","); String[] triggers = a[6].split(","); String[] seeds = a[7].split(",");
    SampleLibrary lib = a.length > 8 ? SampleLibrary.open(Path.of(a[8])) : null;
    MachineSpec m = DataFile.parse("{\"name\":\"cage\",\"cores\":1.5,\"memory_mb\":2048.0,\"max_processes\":32,\"worker_budget\":2}", "m", MachineSpec.class);
    System.out.println("| policy | trigger | seed | met % (of submitted) | baseline met % | recovery s | tipped | spawns·retries per task during / after |");
    System.out.println("|---|---|---:|---:|---:|---:|---|---|");
    for (String p : policies) for (String tr : triggers) for (String sd : seeds) {
      String[] kv = tr.split(":");
      Trigger t = new Trigger(Trigger.Kind.of(kv[0]), at, len, Double.parseDouble(kv[1]));
      long seed = Long.parseLong(sd);
      ScenarioSpec s = ScenarioSpec.builtIn(scenario).withDuration(dur).withTrigger(t);
      List<Task> tasks = new ArrivalGenerator(s, m, cal, PresetCatalog.defaults()).generate(seed);
      if (lib != null) {
        List<Task> played = new ArrayList<>();
        for (Task k : tasks) played.add(new Task(k.id(), k.arrivalS(), k.preset(), k.deadlineS(),
            k.images().stream().map(im -> { var x = lib.nearest(im.megapixels()); return new ImageSpec(x.width(), x.height()); }).toList()));
        tasks = played;
      }
      SimSetup setup = new SimSetup(s.name(), seed, tasks, dur, PolicyCatalog.get(p), m, cal, AdmissionMode.of("edf-fit"),
          PresetCatalog.defaults(), false, 1.0, 1.0, t);
      RecoveryMeter meter = new RecoveryMeter(RecoveryMeter.Windows.EXHIBIT);
      SimResult r = new Simulation(setup, meter).runUntil(dur + grace);
      Recovery rec = meter.recovery(t, dur);
      System.out.printf(Locale.ROOT, "| %s | %s | %d | %.0f | %.0f | %s | %s | %.2f·%.2f / %.2f·%.2f |%n", p, t.label(), seed,
          100.0 * r.metrics().met() / Math.max(1, r.metrics().submitted()), 100 * rec.baselineMetShare(),
          rec.recoveryS() == null ? "—" : String.format("%.0f", rec.recoveryS()), rec.metastable() ? "yes" : "no",
          rec.during().spawnsPerTask(), rec.during().retriesPerTask(), rec.after().spawnsPerTask(), rec.after().retriesPerTask());
    }
  }
}
