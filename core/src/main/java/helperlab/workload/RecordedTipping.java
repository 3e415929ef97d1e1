package helperlab.workload;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.DeserializationFeature;

/**
 * A run record's {@code tipping}, whichever criterion judged it. Records judged since issue 43 name their criterion
 * ({@link Tipping#CRITERION}) and keep a {@link TippingCourse.Summary}; older ones keep only {@code tipped_at_s}, by
 * the criterion before it (met share under half while processes exceed the worker budget or a window's images are
 * queued, from second 0: {@link RegisteredTipping}). Both still open; an old one is read for what it is, and a run
 * can be judged again from its events and samples by the current criterion.
 */
public final class RecordedTipping {
  /** What records before issue 43 were judged by, in words. */
  public static final String OLD = "the criterion before issue 43 (met share and process count)";
  private static final ObjectMapper JSON = new ObjectMapper()
      .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  private RecordedTipping() {}

  /** Whether {@code tipping} was judged by the current criterion. */
  public static boolean current(JsonNode tipping) {
    return tipping != null && Tipping.CRITERION.equals(tipping.path("criterion").asText(null));
  }

  /** The summary of a record judged by the current criterion; null for an old one (or none). */
  public static TippingCourse.Summary summary(JsonNode tipping) {
    if (!current(tipping)) {
      return null;
    }
    try {
      return JSON.treeToValue(tipping, TippingCourse.Summary.class);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalArgumentException("a record's tipping does not read as " + Tipping.CRITERION + ": "
          + e.getOriginalMessage(), e);
    }
  }

  /** In words, saying which criterion: "never healthy (...)", "tipped at 7:18 (by the criterion before issue 43 ...)". */
  public static String describe(JsonNode tipping) {
    if (tipping == null || tipping.isNull() || tipping.isMissingNode()) {
      return "not judged";
    }
    TippingCourse.Summary s = summary(tipping);
    if (s != null) {
      return Tipping.describe(s);
    }
    JsonNode at = tipping.path("tipped_at_s");
    String verdict = at.isNumber() ? "tipped at " + Tipping.clock(at.asDouble()) : "healthy throughout";
    return verdict + " (by " + OLD + ")";
  }
}
