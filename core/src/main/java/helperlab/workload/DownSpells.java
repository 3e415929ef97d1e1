package helperlab.workload;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's time in the down state ({@link TippingCourse}): the run <em>enters</em> the down state where a down stretch
 * has held (a tip, or its first state when it was never healthy) and <em>escapes</em> it where a stretch not down
 * has held. A spell is the time from entering to escaping, or to the run's end (then the run is still down:
 * censored there). {@code escapedAtS} is the end of the first spell (null: still down at the end, or never down);
 * {@code downS} all spells together; {@code stretches} how many; {@code tips} the changes from healthy to down and
 * {@code healthyS} the time spent healthy (every healthy stretch, after escapes too: the renewal view's exposure);
 * {@code neverHealthy} that the first state held was down; {@code judgedFromS} the first second judged (the
 * warm-up's end); {@code saturatedS} the seconds saturated (not down, offered more than the machine can do). The
 * sustaining effect is the work offered in the spells over what the machine could do in them ({@link OfferedWork}):
 * above 1 the bad state is fed faster than it can drain. {@code spells} lists each spell as [from, to) seconds (to =
 * the run's end when {@code downAtEnd}). Rows written before issue 43 lack the fields of the renewal view (null).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"judged_from_s", "never_healthy", "tips", "healthy_s", "escaped_at_s", "down_s", "stretches",
    "down_at_end", "down_30m_after_trigger", "spells", "saturated_s", "offered_cpu_s", "capacity_cpu_s", "sustain"})
public record DownSpells(
    @JsonProperty("escaped_at_s") @JsonInclude(JsonInclude.Include.ALWAYS) Double escapedAtS,
    @JsonProperty("down_s") double downS,
    @JsonProperty("stretches") int stretches,
    @JsonProperty("down_at_end") boolean downAtEnd,
    @JsonProperty("down_30m_after_trigger") @JsonInclude(JsonInclude.Include.ALWAYS) Boolean down30mAfterTrigger,
    @JsonProperty("spells") List<List<Integer>> spells,
    @JsonProperty("offered_cpu_s") double offeredCpuS,
    @JsonProperty("capacity_cpu_s") double capacityCpuS,
    @JsonProperty("sustain") @JsonInclude(JsonInclude.Include.ALWAYS) Double sustain,
    @JsonProperty("judged_from_s") Integer judgedFromS,
    @JsonProperty("never_healthy") Boolean neverHealthy,
    @JsonProperty("tips") Integer tips,
    @JsonProperty("healthy_s") Double healthyS,
    @JsonProperty("saturated_s") Double saturatedS) {

  /** How long after a trigger's end the phase diagram asks whether the run is down. */
  public static final double LATER_S = 1800;

  /** Spells as rows before issue 43 carried them (no renewal view). */
  public DownSpells(Double escapedAtS, double downS, int stretches, boolean downAtEnd, Boolean down30mAfterTrigger,
      List<List<Integer>> spells, double offeredCpuS, double capacityCpuS, Double sustain) {
    this(escapedAtS, downS, stretches, downAtEnd, down30mAfterTrigger, spells, offeredCpuS, capacityCpuS, sustain, null,
        null, null, null, null);
  }

  /** Escapes: spells the run left before its end. */
  public int escapes() {
    return downAtEnd ? stretches - 1 : stretches;
  }

  /** One spell in the down state: seconds [fromS, toS); {@code escaped} false when the run ended in it. */
  public record Spell(int fromS, int toS, boolean escaped) {}

  /**
   * A run's course as spells, with the work offered in them (null: not counted), and whether it is down
   * {@link #LATER_S} after {@code trigger}'s end (null: no trigger, or that is past the run).
   */
  public static DownSpells of(TippingCourse course, OfferedWork offered, Trigger trigger) {
    DownSpells d = of(course.spells(), course.endS(), offered, trigger);
    return new DownSpells(d.escapedAtS, d.downS, d.stretches, d.downAtEnd, d.down30mAfterTrigger, d.spells,
        d.offeredCpuS, d.capacityCpuS, d.sustain, course.fromS(), course.neverHealthy(), course.tips(),
        course.healthyS(), (double) course.saturatedS());
  }

  /** Spells judged up to {@code endS}, with the work offered in them and the state 30 minutes after the trigger. */
  public static DownSpells of(List<Spell> spells, double endS, OfferedWork offered, Trigger trigger) {
    double down = 0;
    double work = 0;
    double cap = 0;
    List<List<Integer>> pairs = new ArrayList<>();
    Boolean later = null;
    if (trigger != null && trigger.endS() + LATER_S < endS) {
      int at = (int) Math.floor(trigger.endS() + LATER_S);
      later = spells.stream().anyMatch(sp -> sp.fromS() <= at && at < sp.toS());
    }
    for (Spell sp : spells) {
      pairs.add(List.of(sp.fromS(), sp.toS()));
      down += sp.toS() - sp.fromS();
      if (offered != null) {
        work += offered.offeredCpuS(sp.fromS(), sp.toS());
        cap += offered.capacityCpuS(sp.fromS(), sp.toS());
      }
    }
    Double escaped = spells.isEmpty() || !spells.get(0).escaped() ? null : (double) spells.get(0).toS();
    boolean atEnd = !spells.isEmpty() && !spells.get(spells.size() - 1).escaped();
    return new DownSpells(escaped, down, spells.size(), atEnd, later, pairs, work, cap, cap > 0 ? work / cap : null);
  }
}
