package helperlab.cli;

import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.study.prereg.HostModel;
import helperlab.study.prereg.OperatingPoint;
import helperlab.study.prereg.PaceGate;
import helperlab.study.prereg.Power;
import helperlab.study.prereg.Prediction;
import helperlab.study.prereg.Registrar;
import helperlab.study.prereg.Registration;
import helperlab.study.prereg.RegistrationReport;
import helperlab.study.prereg.VerdictRule;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code helper-lab register}: the second pre-registration (issue 48) made from the host's calibration: points
 * chosen where the host model decides, predicted on the host model and the default basis side by side, the verdict
 * rule, the exclusions, the pace gate and the power, written to OUT/points.json (frozen) and OUT/preregistration.md.
 */
@Command(name = "register", mixinStandardHelpOptions = true,
    description = {"Pre-register operating points for the real cage on the recording host's calibration (issue 48; "
        + "docs/preregistration.md): choose at least --min-points points (policy x scenario x load) where the host "
        + "model's collapse probability over --seeds seeds is <= 0.2 or >= 0.8, covering stable, collapsed and both "
        + "sides of a boundary; predict them on the host model, the default basis and the host model with a helper's "
        + "start priced x2 and x1/2; compute the verdict rule's power; write OUT/points.json and "
        + "OUT/preregistration.md with the model's commit. Commit both before the first recording."},
    exitCodeList = "3:registered, but a perfect model expects under the 90% target: do not record on it")
public final class RegisterCommand implements Callable<Integer> {
  static final List<String> POLICIES = List.of("pool-edf-10", "box", "box-help-20", "split-forecast",
      "split-forecast-budget", "retry-client", "retry-client-budget", "autoscale-lag");

  static final int LOW_POWER = 3;

  @Spec
  CommandSpec spec;

  @Option(names = "--calibration", required = true, description = "the recording host's calibration (helper-lab "
      + "calibrate's calibration.json, committed)")
  Path calibration;

  @Option(names = "--out", defaultValue = "lab-runs/preregistration-2", description = "the folder to write "
      + "(default: ${DEFAULT-VALUE}); an existing points.json there is not overwritten")
  Path out;

  @Option(names = "--policies", split = ",", description = "candidate policies (default: the phase study's eight)")
  List<String> policies;

  @Option(names = "--scenarios", split = ",", defaultValue = "calm", description = "candidate scenarios' mixes "
      + "(default: ${DEFAULT-VALUE})")
  List<String> scenarios;

  @Option(names = "--loads", split = ",", defaultValue = "0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9",
      description = "candidate offered loads (default: ${DEFAULT-VALUE})")
  List<Double> loads;

  @Option(names = "--seeds", defaultValue = "20", description = "simulated seeds per point and model, at least 20 "
      + "(default: ${DEFAULT-VALUE})")
  int seeds;

  @Option(names = "--exhibit", defaultValue = "900", description = "the exhibit's length, seconds (default: "
      + "${DEFAULT-VALUE})")
  double exhibitS;

  @Option(names = "--min-points", defaultValue = "6", description = "at least this many points (default: "
      + "${DEFAULT-VALUE})")
  int minPoints;

  @Option(names = "--model-commit", description = "the model's commit (default: git rev-parse HEAD here, marked when "
      + "the tree has uncommitted changes)")
  String modelCommit;

  @Mixin
  QuietOption quiet = new QuietOption();

  @Override
  public Integer call() throws Exception {
    if (!Files.isRegularFile(calibration)) {
      throw new IllegalArgumentException("no calibration file at " + calibration);
    }
    Path pointsFile = out.resolve("points.json");
    if (Files.exists(pointsFile)) {
      throw new IllegalArgumentException(pointsFile + " exists: a registration is frozen once made (register into "
          + "another folder)");
    }
    Calibration cal = Calibration.load(calibration);
    HostModel models = HostModel.of(cal, calibration.toString(), exhibitS, seeds);
    List<OperatingPoint> candidates = new ArrayList<>();
    for (String policy : policies == null ? POLICIES : policies) {
      for (String scenario : scenarios) {
        for (double load : loads) {
          candidates.add(new OperatingPoint(policy, scenario, load));
        }
      }
    }
    Registrar.Provenance from = new Registrar.Provenance(modelCommit != null ? modelCommit : GitHead.describe(),
        calibration.toString(), sha256(calibration), Instant.now().truncatedTo(ChronoUnit.SECONDS));
    Registrar registrar = new Registrar(models, VerdictRule.REGISTERED, PaceGate.REGISTERED, minPoints);
    Map<OperatingPoint, Prediction> predicted;
    try (TerminalProgress bar = TerminalProgress.start(spec, quiet, "register", candidates.size(), "points")) {
      predicted = registrar.predictCandidates(candidates, bar::stepTo);
    }
    // the grid as the host model saw it, kept whether or not it gives enough points (to widen it if not)
    Files.createDirectories(out);
    StringBuilder csv = new StringBuilder("policy,scenario,offered_load,host_collapsed,seeds\n");
    predicted.forEach((p, pr) -> csv.append(String.format(Locale.ROOT, "%s,%s,%s,%d,%d%n", p.policy(), p.scenario(),
        p.offeredLoad(), pr.collapsed(), pr.seeds().size())));
    Files.writeString(out.resolve("candidates.csv"), csv, StandardCharsets.UTF_8);
    Registration r = registrar.register(predicted, from);
    Files.createDirectories(out);
    DataFile.write(pointsFile, r);
    String md = new RegistrationReport(r, pointsFile.getFileName().toString(), sha256(pointsFile)).markdown();
    Files.writeString(out.resolve("preregistration.md"), md, StandardCharsets.UTF_8);
    Power perfect = r.power().get(0);
    spec.commandLine().getOut().printf(Locale.ROOT, "%d points registered at %s; a perfect model expects %.1f%%%s; "
        + "wrote %s and %s%n", r.points().size(), r.madeAt(), 100 * perfect.expectedScore(),
        perfect.expectedScore() >= Power.TARGET ? "" : " (under the 90% target: do not record on it)", pointsFile,
        out.resolve("preregistration.md"));
    // written all the same, so the figures can be read; a script must not go on to record on it
    return exitFor(perfect);
  }

  /** Under the target the files are written all the same, to be read; a script must not go on to record on them. */
  static int exitFor(Power perfect) {
    return perfect.expectedScore() >= Power.TARGET ? ExitCodes.OK : LOW_POWER;
  }

  static String sha256(Path file) throws IOException {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this Java", e);
    }
  }
}
