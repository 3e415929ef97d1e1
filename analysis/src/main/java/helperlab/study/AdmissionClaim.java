package helperlab.study;

import static helperlab.study.ClaimCells.ci;
import static helperlab.study.ClaimCells.mean;
import static helperlab.study.RunsBySeed.points;

import helperlab.model.RunMetrics;
import helperlab.policy.AdmissionMode;
import java.util.List;
import java.util.Locale;

/**
 * Claim 5, flat per-preset admission turns away more than edf-fit in a calm hour, taken apart: the old
 * admission changed two things, flat per-preset prices and placing each batch behind all admitted work. Each
 * part alone ({@code flat-prices}, {@code first-come}) and both ({@code flat}) is set against edf-fit on the
 * same seeds. The claim's direction (the seed's flat admission, {@code flat}, turns away more than edf-fit) is its
 * verdict; its cause (the prices, or the placement behind all admitted work) is said beside it: each part alone
 * against edf-fit. The turned-away shares are called level only by two one-sided tests within
 * ±{@value Equivalence#DEFAULT_MARGIN_POINTS} points.
 */
final class AdmissionClaim {
  static final String TITLE = "flat per-preset admission turns away more than edf-fit in a calm hour";
  static final List<AdmissionMode> PARTS = List.of(AdmissionMode.FLAT_PRICES, AdmissionMode.FIRST_COME, AdmissionMode.FLAT);

  private final ClaimCells data;

  AdmissionClaim(ClaimCells data) {
    this.data = data;
  }

  private boolean has(String machine, AdmissionMode mode) {
    return data.runs().has(SweepPlan.STUDY_SCENARIO, SweepPlan.STUDY_POLICY, machine, mode);
  }

  private double[] refused(String machine, AdmissionMode mode) {
    return points(data.runs().values(SweepPlan.STUDY_SCENARIO, SweepPlan.STUDY_POLICY, machine, mode, RunMetrics::refusedShare));
  }

  private double[] met(String machine, AdmissionMode mode) {
    return points(data.runs().values(SweepPlan.STUDY_SCENARIO, SweepPlan.STUDY_POLICY, machine, mode, RunMetrics::metShare));
  }

  /** A part against edf-fit on one machine, in words: more, level or inconclusive. */
  private String judged(double[] d) {
    Interval i = Interval.of(d);
    if (d.length >= 2 && Equivalence.of(d).equivalent()) {
      return "level";
    }
    return i.lo() > 0 ? "more" : i.hi() < 0 ? "fewer" : "inconclusive";
  }

  ClaimVerdicts.Verdict verdict() {
    int holds = 0;
    int checked = 0;
    int pricesMore = 0;
    int placementMore = 0;
    String shown = null;
    for (String machine : data.machines()) {
      if (!has(machine, AdmissionMode.EDF_FIT) || !PARTS.stream().allMatch(p -> has(machine, p))) {
        continue;
      }
      double[] edf = refused(machine, AdmissionMode.EDF_FIT);
      double[] flat = ClaimCells.minus(refused(machine, AdmissionMode.FLAT), edf);
      boolean ok = Interval.of(flat).lo() > 0;
      checked++;
      holds += ok ? 1 : 0;
      pricesMore += judged(ClaimCells.minus(refused(machine, AdmissionMode.FLAT_PRICES), edf)).equals("more") ? 1 : 0;
      placementMore += judged(ClaimCells.minus(refused(machine, AdmissionMode.FIRST_COME), edf)).equals("more") ? 1 : 0;
      if (machine.equals(Findings.CLAIM3_MACHINE) || shown == null) {
        StringBuilder parts = new StringBuilder();
        for (AdmissionMode p : PARTS) {
          double[] d = ClaimCells.minus(refused(machine, p), edf);
          parts.append(parts.length() > 0 ? "; " : "").append(String.format(Locale.ROOT, "%s %.1f%%, %s points (%s)",
              p.id(), mean(refused(machine, p)), ci(d), judged(d)));
        }
        shown = String.format(Locale.ROOT, "%s: edf-fit turned away %.1f%%; %s", machine, mean(edf), parts);
      }
    }
    if (checked == 0) {
      return new ClaimVerdicts.Verdict(5, TITLE, false, false, "the sweep lacks the admission study's runs");
    }
    String cause = pricesMore == checked ? "the flat prices are its cause"
        : placementMore == checked && pricesMore == 0 ? "its cause is the placement behind all admitted work, not the "
            + "flat prices (the averaging)"
        : "its cause is not the flat prices alone";
    return new ClaimVerdicts.Verdict(5, TITLE, true, holds == checked, String.format(Locale.ROOT,
        "direction: flat admission turns away more on %d of %d machines; cause: %s (flat prices alone more on %d, "
            + "placement alone on %d); %s (the seed: 45%%)", holds, checked, cause, pricesMore, placementMore, shown));
  }

  void markdown(StringBuilder md, String flatPrices) {
    md.append("### 5. Earliest-deadline fit against a flat per-preset average, in a calm hour\n\n");
    md.append("Seed: a flat per-preset average had turned away 45% of tasks in a calm hour. The old admission changed "
        + "two things at once: every image priced at its preset's flat average, and each new batch counted behind all "
        + "admitted work. Each part alone and both, against edf-fit (calm, ").append(SweepPlan.STUDY_POLICY)
        .append(", the same seeds): **flat-prices** (flat prices, earliest-deadline placement), **first-come** (each "
        + "image's own forecast, each batch behind all admitted work), **flat** (both). Check: the flat admission (both) "
        + "turns away more than edf-fit, the 95% interval above zero (the claim's direction); then which part does it "
        + "(the claim's cause, said beside the verdict). A part is called level with edf-fit only by two "
        + "one-sided tests within ±").append(ClaimCells.fmt(Equivalence.DEFAULT_MARGIN_POINTS)).append(" points.\n\n");
    md.append("| machine | admission | turned away (%) | minus edf-fit, points [95% CI] | equivalence | met (%) |\n");
    md.append("|---|---|---:|---|---|---:|\n");
    boolean any = false;
    for (String machine : data.machines()) {
      if (!has(machine, AdmissionMode.EDF_FIT) || !PARTS.stream().allMatch(p -> has(machine, p))) {
        continue;
      }
      any = true;
      double[] edf = refused(machine, AdmissionMode.EDF_FIT);
      md.append(String.format(Locale.ROOT, "| %s | edf-fit | %.1f | | | %.1f |\n", machine, mean(edf),
          mean(met(machine, AdmissionMode.EDF_FIT))));
      for (AdmissionMode p : PARTS) {
        double[] d = ClaimCells.minus(refused(machine, p), edf);
        md.append(String.format(Locale.ROOT, "| %s | %s | %.1f | %s | %s | %.1f |\n", machine, p.id(),
            mean(refused(machine, p)), ci(d), d.length < 2 ? "–" : Equivalence.of(d).words(), mean(met(machine, p))));
      }
      if (has(machine, AdmissionMode.NONE)) {
        md.append(String.format(Locale.ROOT, "| %s | none | %.1f | | | %.1f |\n", machine,
            mean(refused(machine, AdmissionMode.NONE)), mean(met(machine, AdmissionMode.NONE))));
      }
    }
    if (!any) {
      md.append("\n_Not checked: the sweep ran without the admission study._\n");
    }
    ClaimVerdicts.Verdict v = verdict();
    md.append(String.format(Locale.ROOT, "\nFlat prices per image, ms: %s.\n\n**Verdict: %s.** %s.\n\n", flatPrices,
        v.word(), v.figures()));
  }
}
