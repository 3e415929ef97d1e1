package helperlab.cli;

import helperlab.charts.export.BreakevenChart;
import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.policy.PolicyCatalog;
import helperlab.policy.PolicySpec;
import helperlab.study.PolicyFiles;
import helperlab.study.RunRow;
import helperlab.study.Shard;
import helperlab.study.Studies;
import helperlab.study.Sweep;
import helperlab.study.SweepOutput;
import helperlab.study.SweepPlan;
import helperlab.study.phase.PhaseGrid;
import helperlab.study.phase.PhaseSetting;
import helperlab.workload.ScenarioSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code helper-lab sweep}: every scenario × policy × machine × seed, with a summary and findings;
 * the opt-in studies; one shard of it ({@code --shard I/N}); {@code sweep merge} puts shards together.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true, subcommands = SweepMergeCommand.class,
    description = "Run scenarios x policies x machines x seeds and write runs.jsonl, summary.csv and findings.md.")
public final class SweepCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Option(names = "--scenarios", split = ",", description = "comma list (default: all five)")
  List<String> scenarios = ScenarioSpec.BUILT_IN;

  @Option(names = "--policies", split = ",", description = "comma list of policy ids or policy JSON files (a file's id "
      + "may not be a built-in's; default: all seventeen)")
  List<String> policies = PolicyCatalog.ids();

  @Option(names = "--machines", split = ",", description = "comma list (default: small, cage, large)")
  List<String> machines = MachineSpec.BUILT_IN;

  @Option(names = "--seeds", defaultValue = "20", description = "seeds 0..N-1 (default: ${DEFAULT-VALUE})")
  int seeds;

  @Option(names = "--threads", description = "worker threads (default: all cores)")
  Integer threads;

  @Option(names = "--no-admission-study", negatable = false,
      description = "skip the claims' own runs: calm pool-edf-10 under flat, flat-prices, first-come and no admission, "
          + "and the split-room setting (the budgeted splitters with room and reason to split)")
  boolean noAdmissionStudy;

  @Option(names = "--calibration", description = "a calibration JSON file (default: the seed's server throughout: its cost curve, start-up measured here scaled by the speed ratio; docs/parameters.md)")
  Path calibration;

  @Option(names = "--study", split = ",", paramLabel = "STUDY",
      description = "add a study: metastability (policies x triggers x seeds), spawn-cost (splitting against the pool "
          + "at spawn costs from 5 ms to 3 s), phase (offered load x trigger kind, size and duration x the policies "
          + "that call for help, on the cage; --phase-*); opt-in, each adds thousands of runs")
  List<String> studies = List.of();

  @Option(names = "--study-seeds", defaultValue = "" + Studies.DEFAULT_SEEDS,
      description = "seeds per study cell (default: ${DEFAULT-VALUE})")
  int studySeeds;

  @Option(names = "--phase-loads", split = ",", paramLabel = "LOAD",
      description = "the phase study's offered loads (default: 0.1 to 0.9 by 0.1)")
  List<Double> phaseLoads = PhaseGrid.LOADS;

  @Option(names = "--phase-policies", split = ",", paramLabel = "POLICY",
      description = "the phase study's policies (default: the pool, the policies that call for help and their budgets)")
  List<String> phasePolicies = PhaseGrid.POLICIES;

  @Option(names = "--phase-conditions", defaultValue = "all", paramLabel = "WHICH",
      description = "the phase study's conditions: all (no trigger and every kind x size x duration), none (no "
          + "trigger only: spontaneous tips) or triggers (default: ${DEFAULT-VALUE})")
  String phaseConditions;

  @Option(names = "--phase-triggers", split = ",", paramLabel = "KIND:SIZE:SECONDS",
      description = "the phase study's triggers instead of every kind x size x duration, e.g. spike:2:60,slowdown:0.5:300 "
          + "(kind spike, slowdown or cost_jump; size the excess over the base; at 15:00)")
  List<String> phaseTriggers;

  @Option(names = "--phase-settings", split = ",", paramLabel = "SETTING",
      description = "the phase study's admission, forecast bias and clients, ADMISSION[*BIAS][/CLIENT] with CLIENT honour, "
          + "at-once or backoff, e.g. edf-fit,edf-fit/at-once,none,edf-fit*1.4 (default: those six: edf-fit with each "
          + "client, none, edf-fit*0.7, edf-fit*1.4)")
  List<String> phaseSettings;

  @Option(names = "--phase-prices", split = ",", paramLabel = "IMAGES",
      description = "the phase study's price axis: a helper's start (spawn + warm-up CPU) in images of the hour's mix; "
          + "the untriggered runs again at each (default: 0.2,0.5,1,2,3,5.2,7; 'none' for no price runs)")
  List<String> phasePrices;

  @Option(names = "--study-only", negatable = false,
      description = "run the studies only, without the main sweep's runs (and the claims' own)")
  boolean studyOnly;

  @Option(names = "--shard", paramLabel = "I/N",
      description = "run only shard I of N (I from 0) and write its runs.jsonl and shard.json; put the shards "
          + "together with sweep merge")
  String shard;

  @Option(names = "--second-calibration", defaultValue = "measured",
      description = "a second cost basis to run the same sweep on and give every verdict twice: 'measured' (a real cage "
          + "end to end, built in), a calibration JSON file, or 'none' (default: ${DEFAULT-VALUE}; a shard runs one basis)")
  String secondCalibration;

  @Option(names = "--out", description = "output directory (required)")
  Path out;

  @Mixin
  QuietOption quiet = new QuietOption();

  @Override
  public Integer call() throws Exception {
    if (out == null) {
      throw new IllegalArgumentException("--out DIR is required (where runs.jsonl, summary.csv and findings.md go)");
    }
    List<String> ids = new ArrayList<>();
    List<PolicySpec> given = new ArrayList<>();
    for (String p : policies) {
      PolicySpec named = PolicyFiles.named(p);
      ids.add(named.id());
      if (!PolicyCatalog.has(named.id())) {
        given.add(named);
      }
    }
    SweepPlan plan = new SweepPlan(scenarios, ids, machines, seeds, !noAdmissionStudy, studies, studySeeds,
        phaseGrid(), studyOnly, given);
    Calibration cal = calibration == null ? Calibration.defaults() : Calibration.load(calibration);
    Shard part = shard == null ? Shard.WHOLE : Shard.parse(shard);
    // A shard runs one cost basis: sweep merge writes what a single run on that basis writes.
    Calibration second = shard != null ? null : switch (secondCalibration) {
      case "none" -> null;
      case "measured" -> Calibration.measured();
      default -> Calibration.load(Path.of(secondCalibration));
    };
    Sweep sweep = new Sweep(plan, cal);
    int total = sweep.runCount(part) * (second == null ? 1 : 2);
    int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    long start = System.nanoTime();
    List<RunRow> rows;
    List<RunRow> secondRows = null;
    long steps;
    try (TerminalProgress bar = TerminalProgress.start(spec, quiet, "sweep", total, "runs")) {
      if (second != null) {
        bar.say("cost basis 1 of 2: " + cal.name());
      }
      rows = sweep.run(n, bar::stepTo, part);
      steps = sweep.steps();
      if (second != null) {
        bar.say("cost basis 2 of 2: " + second.name());
        Sweep again = new Sweep(plan, second);
        int first = rows.size();
        secondRows = again.run(n, done -> bar.stepTo(first + done));
        steps += again.steps();
      }
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    if (shard != null) {
      SweepOutput.writeShard(out, rows, plan, cal, part);
    } else if (second == null) {
      SweepOutput.write(out, rows, plan, cal);
      BreakevenChart.writeBeside(out, rows);
      helperlab.charts.export.PhaseDiagramChart.writeBeside(out, rows);
      helperlab.charts.export.SurvivalChart.writeBeside(out, rows);
      helperlab.charts.export.PriceMapChart.writeBeside(out, rows);
    } else {
      SweepOutput.write(out, rows, cal, secondRows, second, plan);
      BreakevenChart.writeBeside(out, rows);
      helperlab.charts.export.PhaseDiagramChart.writeBeside(out, rows);
      helperlab.charts.export.SurvivalChart.writeBeside(out, rows);
      helperlab.charts.export.PriceMapChart.writeBeside(out, rows);
    }
    int runs = rows.size() + (secondRows == null ? 0 : secondRows.size());
    spec.commandLine().getOut().printf(Locale.ROOT, "%d runs in %.1f s on %d threads (%.0f runs/s, %.2f M events/s); wrote %s%n",
        runs, seconds, n, runs / seconds, steps / seconds / 1e6, out.toAbsolutePath());
    return 0;
  }

  private PhaseGrid phaseGrid() {
    List<helperlab.workload.Trigger> all = phaseTriggers == null ? PhaseGrid.allTriggers()
        : phaseTriggers.stream().map(PhaseGrid::parseTrigger).toList();
    List<PhaseSetting> settings = phaseSettings == null ? PhaseGrid.SETTINGS
        : phaseSettings.stream().map(PhaseSetting::parse).toList();
    List<Double> prices = phasePrices == null ? PhaseGrid.PRICES
        : phasePrices.size() == 1 && phasePrices.get(0).equals("none") ? List.of()
        : phasePrices.stream().map(SweepCommand::price).toList();
    return switch (phaseConditions) {
      case "all" -> new PhaseGrid(phaseLoads, true, all, phasePolicies, settings, prices);
      case "none" -> new PhaseGrid(phaseLoads, true, List.of(), phasePolicies, settings, prices);
      case "triggers" -> new PhaseGrid(phaseLoads, false, all, phasePolicies, settings,
          phasePrices == null ? List.of() : prices);
      default -> throw new IllegalArgumentException("--phase-conditions must be all, none or triggers, got '"
          + phaseConditions + "'");
    };
  }

  private static double price(String text) {
    try {
      return Double.parseDouble(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--phase-prices takes numbers of images (0.2,0.5,1) or 'none', got '" + text
          + "'");
    }
  }
}
