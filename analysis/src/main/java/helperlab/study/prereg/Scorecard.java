package helperlab.study.prereg;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The recordings of a registration scored by its verdict rule: per point, the recordings made before the
 * registration refused (or with no time), the excluded counted with their reasons, the first kept ones scored, and
 * whether the host model and the default basis are right there; each model's score over the judged points.
 */
public record Scorecard(Registration registration, List<PointScore> points) {

  /**
   * A recording as the verdict sees it: its id, when it was made (ISO instant), its fate, the load it carried in
   * effect (from its images' CPU; null: not known), why excluded (empty: kept).
   */
  public record Recorded(String id, String recordedAt, RunFate fate, Double effectiveLoad,
      List<String> excludedBecause) {
    public Recorded {
      excludedBecause = List.copyOf(excludedBecause);
    }

    /** A recording whose effective load is not known. */
    public Recorded(String id, String recordedAt, RunFate fate, List<String> excludedBecause) {
      this(id, recordedAt, fate, null, excludedBecause);
    }
  }

  /**
   * One point: its refused, excluded and kept recordings (kept in the order made), the scored ones' collapses, whether
   * it was judged, and whether each model was right (null: not judged).
   */
  public record PointScore(RegisteredPoint point, List<Recorded> refused, List<Recorded> excluded, List<Recorded> kept,
      int scored, int collapsed, boolean judged, Boolean observesCollapse, Boolean hostRight, Boolean basisRight) {}

  /** Scores {@code recordings} (by point id; a point without an entry has none) against {@code r}. */
  public static Scorecard of(Registration r, Map<String, List<Recorded>> recordings) {
    for (String id : recordings.keySet()) {
      r.point(id); // a folder for a point the registration does not have is an error, not a silent skip
    }
    Instant made = r.madeAtInstant();
    List<PointScore> out = new ArrayList<>();
    for (RegisteredPoint p : r.points()) {
      List<Recorded> refused = new ArrayList<>();
      List<Recorded> excluded = new ArrayList<>();
      List<Recorded> kept = new ArrayList<>();
      List<Recorded> all = new ArrayList<>(recordings.getOrDefault(p.id(), List.of()));
      all.sort(MADE_ORDER);
      for (Recorded rec : all) {
        if (!after(rec.recordedAt(), made)) {
          refused.add(rec);
        } else if (!rec.excludedBecause().isEmpty()) {
          excluded.add(rec);
        } else {
          kept.add(rec);
        }
      }
      VerdictRule rule = r.rule();
      int scored = Math.min(kept.size(), rule.recordings());
      int collapsed = (int) kept.subList(0, scored).stream().filter(k -> k.fate().collapsed()).count();
      boolean judged = scored == rule.recordings();
      Boolean observes = judged ? rule.observesCollapse(collapsed) : null;
      Boolean host = judged ? rule.predictsCollapse(p.host().pCollapse()) == observes : null;
      Boolean basis = judged ? rule.predictsCollapse(p.basis().pCollapse()) == observes : null;
      out.add(new PointScore(p, refused, excluded, kept, scored, collapsed, judged, observes, host, basis));
    }
    return new Scorecard(r, out);
  }

  /**
   * Recordings in the order they were made (by the instant, not the text: the cage writes nanoseconds, a hand-made
   * record may not), those without a time that reads first, then by id.
   */
  private static final Comparator<Recorded> MADE_ORDER = Comparator
      .comparing((Recorded r) -> instant(r.recordedAt()), Comparator.nullsFirst(Comparator.naturalOrder()))
      .thenComparing(Recorded::id);

  private static Instant instant(String at) {
    try {
      return at == null ? null : Instant.parse(at);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /** Whether a recording made at {@code at} came after the registration; a time that does not read is not after. */
  static boolean after(String at, Instant made) {
    Instant i = instant(at);
    return i != null && i.isAfter(made);
  }

  public long judged() {
    return points.stream().filter(PointScore::judged).count();
  }

  public long hostRight() {
    return points.stream().filter(p -> Boolean.TRUE.equals(p.hostRight())).count();
  }

  public long basisRight() {
    return points.stream().filter(p -> Boolean.TRUE.equals(p.basisRight())).count();
  }

  public String markdown(String registrationFile, String set) {
    Registration r = registration;
    StringBuilder b = new StringBuilder("# Verdict: pre-registration 2\n\n");
    b.append(String.format(Locale.ROOT, "Registration `%s` (made %s, model `%s`); recordings under `%s`. Criterion "
        + "`%s`; %s.%n%n", registrationFile, r.madeAt(), r.modelCommit(), set, r.criterion(), r.rule().words()));
    b.append(String.format(Locale.ROOT, "**Host model: right on %d of %d judged points; default basis: %d of %d** "
        + "(%d points registered; expected for a perfect model: %.1f%%).%n%n", hostRight(), judged(), basisRight(),
        judged(), points.size(), 100 * r.power().get(0).expectedScore()));
    b.append("| point | class | policy, scenario, load | host P(collapse) | basis P(collapse) | scored | collapsed "
        + "| recordings say | host | basis | kept | excluded | refused (before the registration) |\n"
        + "|---|---|---|---:|---:|---:|---:|---|---|---|---:|---:|---:|\n");
    for (PointScore s : points) {
      RegisteredPoint p = s.point();
      b.append(String.format(Locale.ROOT, "| %s | %s | %s | %.2f | %.2f | %d | %d | %s | %s | %s | %d | %d | %d |%n",
          p.id(), p.pointClass().words(), p.point().words(), p.host().pCollapse(), p.basis().pCollapse(), s.scored(),
          s.collapsed(), s.judged() ? (s.observesCollapse() ? "collapses" : "stands") : "not judged",
          mark(s.hostRight()), mark(s.basisRight()), s.kept().size(), s.excluded().size(), s.refused().size()));
    }
    b.append("\n## Every recording\n\n| point | recording | made | fate | first spell down in the host model's "
        + "range | effective load | used |\n|---|---|---|---|---|---:|---|\n");
    for (PointScore s : points) {
      List<Recorded> scored = s.kept().subList(0, s.scored());
      for (Recorded rec : sorted(s)) {
        String used = s.refused().contains(rec) ? "refused: made before the registration (" + r.madeAt() + ")"
            : !rec.excludedBecause().isEmpty() ? "excluded: " + String.join("; ", rec.excludedBecause())
            : scored.contains(rec) ? "scored" : "kept, not scored (past the first " + r.rule().recordings() + ")";
        b.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s |%n", s.point().id(), rec.id(),
            rec.recordedAt() == null ? "unknown" : rec.recordedAt(), fate(rec.fate()),
            inRange(rec.fate(), s.point().host()),
            rec.effectiveLoad() == null ? "-" : String.format(Locale.ROOT, "%.3f", rec.effectiveLoad()), used));
      }
    }
    return b.toString();
  }

  private static List<Recorded> sorted(PointScore s) {
    List<Recorded> all = new ArrayList<>(s.refused());
    all.addAll(s.excluded());
    all.addAll(s.kept());
    all.sort(MADE_ORDER);
    return all;
  }

  /**
   * Whether a collapsed recording's first spell down began within the host model's seeds' range (their earliest to
   * latest first spell): "yes (300-717 s)", "no (...)", "-" when it stood, "no seed collapsed" when none did.
   */
  static String inRange(RunFate f, Prediction host) {
    if (!f.collapsed()) {
      return "-";
    }
    double[] t = host.seeds().stream().filter(RunFate::collapsed).mapToDouble(RunFate::downFromS).sorted().toArray();
    if (t.length == 0) {
      return "no seed collapsed";
    }
    boolean in = f.downFromS() >= t[0] && f.downFromS() <= t[t.length - 1];
    return String.format(Locale.ROOT, "%s (%.0f-%.0f s)", in ? "yes" : "no", t[0], t[t.length - 1]);
  }

  private static String mark(Boolean right) {
    return right == null ? "-" : right ? "right" : "wrong";
  }

  private static String fate(RunFate f) {
    if (!f.collapsed()) {
      return "stood";
    }
    return String.format(Locale.ROOT, "collapsed (%s from %.0f s%s)", f.neverHealthy() ? "never healthy" : "down",
        f.downFromS(), f.downAtEnd() ? ", down at the end" : ", escaped");
  }
}
