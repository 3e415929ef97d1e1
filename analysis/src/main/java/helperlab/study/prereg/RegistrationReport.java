package helperlab.study.prereg;

import java.util.Locale;

/** A registration in words: lab-runs/preregistration-2/preregistration.md, written beside its points file. */
public record RegistrationReport(Registration r, String pointsFile, String pointsSha256) {

  public String markdown() {
    StringBuilder b = new StringBuilder();
    b.append("# Pre-registration 2: the real-cage tipping test on the host's own calibration (issue 48)\n\n");
    b.append(String.format(Locale.ROOT, "Made %s from the simulator, **before any recording under it**, on the model at "
        + "commit `%s`. Frozen points, predictions and power: `%s` (sha256 `%s`). A recording made before %s is refused "
        + "by the verdict.%n%n", r.madeAt(), r.modelCommit(), pointsFile, pointsSha256, r.madeAt()));
    b.append("## Common to every point\n\n");
    b.append(String.format(Locale.ROOT, "- Exhibit: **%.0f s** of the point's scenario at its offered load (a share of "
        + "the capacity on the host's calibration), no trigger, on the %s (1.5 cores), %s.%n", r.exhibitS(), r.machine(),
        r.admission()));
    b.append(String.format(Locale.ROOT, "- The host's calibration: `%s` (sha256 `%s`). A helper's start costs %.2f "
        + "images of the mix on it, %.2f on the default basis.%n", r.calibrationFile(), r.calibrationSha256(),
        r.helperStart().host(), r.helperStart().basis()));
    b.append(String.format(Locale.ROOT, "- Criterion `%s` (docs/tipping.md): %s. A run **collapsed** when it went "
        + "down for a held stretch within the exhibit: tipped, or never healthy.%n", r.criterion(), r.criterionWords()));
    b.append(String.format(Locale.ROOT, "- Predictions: %d simulated seeds (0-%d) per point and model; a model's "
        + "P(collapse) is the share of its seeds that collapsed.%n", r.simulatedSeeds(), r.simulatedSeeds() - 1));
    b.append("- Models, labelled: **host** (the host's calibration: the model under test), **default basis** (the "
        + "published maps'), and the host model with a helper's start priced **×2** and **×½** (wrong models, for the "
        + "power).\n\n");
    b.append("## The verdict rule\n\n").append(capital(r.rule().words())).append(".\n\n");
    b.append("## Exclusions (each excluded recording counted with its reasons)\n\n");
    for (ExclusionRule e : r.exclusions()) {
      b.append("- `").append(e.id()).append("`: ").append(e.rule()).append('\n');
    }
    b.append("\n## The points\n\n");
    b.append("| id | class | policy | scenario | offered load | host P(collapse) | default basis | start ×2 | start ×½ "
        + "| host: first spell down, seeds' range (s) |\n|---|---|---|---|---:|---:|---:|---:|---:|---|\n");
    for (RegisteredPoint p : r.points()) {
      b.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n", p.id(),
          p.pointClass().words(), p.point().policy(), p.point().scenario(), p.point().offeredLoad(), share(p.host()),
          share(p.basis()), share(p.startTwice()), share(p.startHalf()), downRange(p.host())));
    }
    b.append("\n## Power (the host model taken as the truth; exact, binomial)\n\n");
    b.append("| model | expected score | points it predicts on the other side |\n|---|---:|---:|\n");
    for (Power pw : r.power()) {
      b.append(String.format(Locale.ROOT, "| %s | %.1f%% | %d of %d |%n", pw.model(), 100 * pw.expectedScore(),
          pw.pointsPredictedOtherwise(), pw.perPoint().size()));
    }
    Power perfect = r.power().get(0);
    b.append(String.format(Locale.ROOT, "%nA perfect model expects %.1f%% (the target: at least %.0f%%): %s.%n",
        100 * perfect.expectedScore(), 100 * Power.TARGET, perfect.expectedScore() >= Power.TARGET
            ? "the target is met" : "**the target is not met: do not record on this registration**"));
    b.append("\nNothing has been recorded under this registration at the time it was made.\n");
    return b.toString();
  }

  private static String share(Prediction p) {
    return p.collapsed() + "/" + p.seeds().size();
  }

  private static String downRange(Prediction p) {
    double[] t = p.seeds().stream().filter(RunFate::collapsed).mapToDouble(RunFate::downFromS).sorted().toArray();
    return t.length == 0 ? "-" : String.format(Locale.ROOT, "%.0f-%.0f", t[0], t[t.length - 1]);
  }

  private static String capital(String s) {
    return Character.toUpperCase(s.charAt(0)) + s.substring(1);
  }
}
