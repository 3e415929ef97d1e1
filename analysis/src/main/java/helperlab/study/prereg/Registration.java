package helperlab.study.prereg;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;

/**
 * The second pre-registration, frozen before the first recording (lab-runs/preregistration-2/points.json): when it
 * was made and from which commit, the host's calibration it predicted on (file and digest), the exhibit, the seeds,
 * the criterion, the verdict rule, the pace gate and every exclusion rule, the points with their four labelled
 * predictions, and the power. A recording made before {@code madeAt} is refused by the verdict.
 */
public record Registration(
    @JsonProperty("format") int format,
    @JsonProperty("made_at") String madeAt,
    @JsonProperty("model_commit") String modelCommit,
    @JsonProperty("calibration_file") String calibrationFile,
    @JsonProperty("calibration_sha256") String calibrationSha256,
    @JsonProperty("helper_start_images") HelperStart helperStart,
    @JsonProperty("machine") String machine,
    @JsonProperty("admission") String admission,
    @JsonProperty("exhibit_s") double exhibitS,
    @JsonProperty("simulated_seeds") int simulatedSeeds,
    @JsonProperty("criterion") String criterion,
    @JsonProperty("criterion_words") String criterionWords,
    @JsonProperty("verdict_rule") VerdictRule rule,
    @JsonProperty("pace_gate") PaceGate paceGate,
    @JsonProperty("exclusions") List<ExclusionRule> exclusions,
    @JsonProperty("points") List<RegisteredPoint> points,
    @JsonProperty("power") List<Power> power) {

  public static final int FORMAT = 2;

  /** A helper's start in images of the points' mix, on the host's calibration and on the default basis. */
  public record HelperStart(@JsonProperty("host") double host, @JsonProperty("basis") double basis) {}

  public Registration {
    if (format != FORMAT) {
      throw new IllegalArgumentException("a registration of format " + FORMAT + " is expected, got " + format);
    }
    if (madeAt == null) {
      throw new IllegalArgumentException("a registration needs made_at (when it was made, UTC)");
    }
    Instant.parse(madeAt); // a bad time is refused here, not when the first recording is checked against it
    if (points == null || points.isEmpty()) {
      throw new IllegalArgumentException("a registration needs points");
    }
    points = List.copyOf(points);
    exclusions = List.copyOf(exclusions);
    power = List.copyOf(power);
  }

  public Instant madeAtInstant() {
    return Instant.parse(madeAt);
  }

  /** Whether the registration lists exclusion rule {@code id}. */
  public boolean excludes(String id) {
    return exclusions.stream().anyMatch(e -> e.id().equals(id));
  }

  public RegisteredPoint point(String id) {
    return points.stream().filter(p -> p.id().equals(id)).findFirst().orElseThrow(() ->
        new IllegalArgumentException("no point '" + id + "' in the registration (its points: "
            + String.join(", ", points.stream().map(RegisteredPoint::id).toList()) + ")"));
  }
}
