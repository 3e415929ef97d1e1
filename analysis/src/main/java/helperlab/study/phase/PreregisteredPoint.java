package helperlab.study.phase;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.workload.Trigger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One operating point as lab-runs/preregistration/phase-points.json states it: what to run (policy, offered load,
 * trigger or none) and what was predicted (its class, the 95% interval of the share that tips, each recording
 * seed's simulated outcome).
 */
public record PreregisteredPoint(String id, PointClass pointClass, String policy, double offeredLoad, Trigger trigger,
    double pTipLo, double pTipHi, List<PointOutcome> seedsPredicted) {

  /** The three classes of point, and the rule each is judged by (phase-points.md, "How the verdict will be judged"). */
  public enum PointClass {
    /** Right when no recording tips. */
    STABLE("clearly stable"),
    /** Right when every recording tips and is down at the end. */
    METASTABLE("clearly metastable"),
    /** Right when the share of recordings that tip falls inside the predicted P(tip) interval. */
    BOUNDARY("near the boundary");

    private final String words;

    PointClass(String words) {
      this.words = words;
    }

    public String words() {
      return words;
    }

    static PointClass of(String words) {
      for (PointClass c : values()) {
        if (c.words.equals(words)) {
          return c;
        }
      }
      throw new IllegalArgumentException("a point's class must be 'clearly stable', 'clearly metastable' or "
          + "'near the boundary', got '" + words + "'");
    }
  }

  private static final Pattern TRIGGER = Pattern.compile("(\\w+) ([0-9.]+) at ([0-9.]+) for ([0-9.]+)");

  /** The trigger as the pre-registration writes it: "spike 2.0 at 300.0 for 60.0" (null or absent: none). */
  public static Trigger trigger(String words) {
    if (words == null) {
      return null;
    }
    Matcher m = TRIGGER.matcher(words.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException("a point's trigger must read like 'spike 2.0 at 300.0 for 60.0', got '"
          + words + "'");
    }
    return new Trigger(Trigger.Kind.of(m.group(1)), Double.parseDouble(m.group(3)), Double.parseDouble(m.group(4)),
        Double.parseDouble(m.group(2)));
  }

  /** A point of the pre-registration's {@code points} array. */
  public static PreregisteredPoint of(JsonNode p) {
    String id = p.path("id").asText(null);
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("a point without an id: " + p);
    }
    JsonNode ci = p.path("p_tip_95");
    if (!p.path("offered_load").isNumber() || ci.size() != 2) {
      throw new IllegalArgumentException("point " + id + " needs a numeric offered_load and p_tip_95 [lo, hi]");
    }
    List<PointOutcome> seeds = new ArrayList<>();
    for (JsonNode s : p.path("recording_seeds_predicted")) {
      seeds.add(new PointOutcome(number(s.get("tipped_at_s")), number(s.get("escaped_at_s")),
          s.path("down_at_end").asBoolean()));
    }
    JsonNode t = p.get("trigger");
    return new PreregisteredPoint(id, PointClass.of(p.path("class").asText()), p.path("policy").asText(),
        p.path("offered_load").asDouble(), t == null || t.isNull() ? null : trigger(t.asText()), ci.get(0).asDouble(),
        ci.get(1).asDouble(), seeds);
  }

  /** Every point of a pre-registration document. */
  public static List<PreregisteredPoint> all(JsonNode prereg) {
    List<PreregisteredPoint> out = new ArrayList<>();
    for (JsonNode p : prereg.path("points")) {
      out.add(of(p));
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("the pre-registration has no points (a 'points' array is expected)");
    }
    return out;
  }

  private static Double number(JsonNode n) {
    return n == null || n.isNull() ? null : n.asDouble();
  }

  /** e.g. "box at 0.2, no trigger". */
  public String words() {
    return String.format(Locale.ROOT, "%s at %s, %s", policy, offeredLoad, triggerWords(trigger));
  }

  /** "spike 2.0 at 300 s for 60 s", or "no trigger". */
  public static String triggerWords(Trigger t) {
    return t == null ? "no trigger" : String.format(Locale.ROOT, "%s %s at %.0f s for %.0f s", t.kind().id(), t.size(),
        t.atS(), t.durationS());
  }
}
