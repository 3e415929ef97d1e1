package helperlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.model.DataFile;
import helperlab.model.Calibration;
import helperlab.runs.RecordedPoints;
import helperlab.runs.RegisteredRecordings;
import helperlab.study.prereg.Registration;
import helperlab.study.prereg.Scorecard;
import helperlab.study.phase.HostCalibrationCheck;
import helperlab.study.phase.PointOutcome;
import helperlab.study.phase.PointSimulation;
import helperlab.study.phase.PointVerdict;
import helperlab.study.phase.PointVerdictReport;
import helperlab.study.phase.PreregisteredPoint;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code helper-lab verdict SET}: the pre-registered operating points judged from SET's recordings. */
@Command(name = "verdict", mixinStandardHelpOptions = true,
    description = {"Judge the pre-registered operating points (lab-runs/preregistration/phase-points.json) from the "
        + "recordings in SET/points/ID (as lab-runs/preregistration/record.sh writes them): per point the side of the "
        + "boundary right or not, each recording's times against the simulated seeds' 95%% range, starved runs "
        + "discarded and counted, replays judged symmetrically. Writes SET/verdict.md and prints it. With "
        + "--registration: score SET against a registration made by `helper-lab register` instead "
        + "(docs/preregistration.md)."})
public final class VerdictCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(paramLabel = "SET", description = "the recorded folder (its points/ID subfolders hold the recordings)")
  Path set;

  @Option(names = "--prereg", description = "the pre-registration (default: ${DEFAULT-VALUE})",
      defaultValue = "lab-runs/preregistration/phase-points.json")
  Path prereg;

  @Option(names = "--registration", description = "score SET against a registration made by `helper-lab register` "
      + "(its points.json) instead: the outcome-only criterion, its verdict rule and exclusions, recordings made "
      + "before it refused")
  Path registration;

  @Option(names = "--seeds", description = "simulated seeds per point to judge the times against (default: the "
      + "pre-registration's simulated_seeds); 0: only the pre-registered seeds' outcomes, without simulating")
  Integer seeds;

  @Override
  public Integer call() throws Exception {
    if (!Files.isDirectory(set)) {
      throw new IllegalArgumentException("no recorded folder at " + set);
    }
    if (registration != null) {
      return scoreAgainstRegistration();
    }
    JsonNode doc = DataFile.JSON.readTree(prereg.toFile());
    double exhibitS = doc.path("exhibit_s").asDouble(0);
    if (!(exhibitS > 0)) {
      throw new IllegalArgumentException(prereg + " has no exhibit_s (the exhibit's length in seconds)");
    }
    int n = seeds != null ? seeds : doc.path("simulated_seeds").asInt(0);
    List<PointVerdict> verdicts = new ArrayList<>();
    Path hostCalibration = set.resolve("calibration").resolve("calibration.json");
    Calibration hostCal = n > 0 && Files.exists(hostCalibration) ? Calibration.load(hostCalibration) : null;
    List<HostCalibrationCheck.Row> hostRows = new ArrayList<>();
    List<String> moved = new ArrayList<>();
    StringBuilder simLines = new StringBuilder();
    for (PreregisteredPoint p : PreregisteredPoint.all(doc)) {
      List<PointOutcome> sim = n > 0 ? PointSimulation.seeds(p, exhibitS, n) : p.seedsPredicted();
      for (int i = 0; n > 0 && i < sim.size(); i++) {
        simLines.append(DataFile.JSON.writeValueAsString(DataFile.JSON.createObjectNode().put("id", p.id()).put("seed", i)
            .setAll((com.fasterxml.jackson.databind.node.ObjectNode) DataFile.JSON.valueToTree(sim.get(i))))).append('\n');
      }
      for (int i = 0; n > 0 && i < Math.min(n, p.seedsPredicted().size()); i++) {
        if (!sim.get(i).equals(p.seedsPredicted().get(i))) {
          moved.add(p.id() + " seed " + i);
        }
      }
      List<PointVerdict.Recording> recordings = RecordedPoints.read(set.resolve("points").resolve(p.id()), p, exhibitS);
      verdicts.add(PointVerdict.of(p, sim, recordings));
      if (hostCal != null) {
        List<PointOutcome> hostSeeds = PointSimulation.seeds(p, exhibitS, n, hostCal);
        Double pace = HostCalibrationCheck.Paced.medianOf(recordings);
        HostCalibrationCheck.Paced paced = pace == null ? null
            : new HostCalibrationCheck.Paced(pace, PointSimulation.seeds(p, exhibitS, n, hostCal, pace));
        hostRows.add(new HostCalibrationCheck.Row(p, sim, hostSeeds, PointVerdict.of(p, hostSeeds, recordings), paced));
      }
    }
    String seedsNote = n == 0 ? "Only the pre-registered seeds 0-2 (not simulated again): a narrow range."
        : moved.isEmpty() ? "The simulator today reproduces every pre-registered seed's outcome."
        : "**The simulator today does not reproduce the pre-registered outcome of " + String.join(", ", moved)
            + "**: the model has moved since " + doc.path("model_commit").asText("the pre-registration") + ".";
    Path hostFile = set.resolve("host-notes.txt");
    List<String> host = Files.exists(hostFile) ? Files.readAllLines(hostFile, StandardCharsets.UTF_8).stream()
        .filter(l -> !l.isBlank()).toList() : List.of();
    PointVerdictReport report = new PointVerdictReport(prereg.toString(), set.toString(), Math.max(n, 3), seedsNote,
        host, verdicts);
    if (n > 0) {
      // the simulated seeds the times were judged against, kept beside the verdict
      Files.writeString(set.resolve("sim-seeds.jsonl"), simLines, StandardCharsets.UTF_8);
    }
    String markdown = report.markdown()
        + (hostCal == null ? "" : new HostCalibrationCheck(set.relativize(hostCalibration).toString(), hostRows).markdown());
    Files.writeString(set.resolve("verdict.md"), markdown, StandardCharsets.UTF_8);
    spec.commandLine().getOut().print(markdown);
    spec.commandLine().getOut().flush();
    spec.commandLine().getErr().println("wrote " + set.resolve("verdict.md"));
    return 0;
  }

  /** The second registration's verdict (issue 48): SET's recordings scored by the registration's own rules. */
  private int scoreAgainstRegistration() throws java.io.IOException {
    if (!Files.isRegularFile(registration)) {
      throw new IllegalArgumentException("no registration at " + registration);
    }
    Registration r = DataFile.read(registration, Registration.class);
    Scorecard card = Scorecard.of(r, RegisteredRecordings.read(set, r));
    String markdown = card.markdown(registration.toString(), set.toString());
    Files.writeString(set.resolve("verdict.md"), markdown, StandardCharsets.UTF_8);
    spec.commandLine().getOut().print(markdown);
    spec.commandLine().getOut().flush();
    spec.commandLine().getErr().println("wrote " + set.resolve("verdict.md"));
    return 0;
  }
}
