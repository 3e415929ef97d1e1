package helperlab.workload;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's time in the down state, by the {@link Tipping} criterion applied both ways: the run <em>enters</em> the
 * down state at the first second of a down stretch that lasts the hold (that is when it tipped, the first time),
 * and <em>escapes</em> it at the first second of a stretch of seconds that are not down lasting the hold. A spell
 * is the time from entering to escaping, or to the run's end (then the run is still down: censored there).
 * {@code escapedAtS} is the end of the first spell (null: still down at the end, or never tipped); {@code downS}
 * all spells together; {@code stretches} how many. The sustaining effect is the work offered in the spells over
 * what the machine could do in them ({@link OfferedWork}): above 1 the bad state is fed faster than it can drain.
 * {@code spells} lists each spell as [from, to) seconds (to = the run's end when {@code downAtEnd}).
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({"escaped_at_s", "down_s", "stretches", "down_at_end", "down_30m_after_trigger", "spells",
    "offered_cpu_s", "capacity_cpu_s", "sustain"})
public record DownSpells(
    @JsonProperty("escaped_at_s") Double escapedAtS,
    @JsonProperty("down_s") double downS,
    @JsonProperty("stretches") int stretches,
    @JsonProperty("down_at_end") boolean downAtEnd,
    @JsonProperty("down_30m_after_trigger") Boolean down30mAfterTrigger,
    @JsonProperty("spells") List<List<Integer>> spells,
    @JsonProperty("offered_cpu_s") double offeredCpuS,
    @JsonProperty("capacity_cpu_s") double capacityCpuS,
    @JsonProperty("sustain") Double sustain) {

  /** How long after a trigger's end the phase diagram asks whether the run is down. */
  public static final double LATER_S = 1800;

  /** Escapes: spells the run left before its end. */
  public int escapes() {
    return downAtEnd ? stretches - 1 : stretches;
  }

  /** One spell in the down state: seconds [fromS, toS); {@code escaped} false when the run ended in it. */
  public record Spell(int fromS, int toS, boolean escaped) {}

  /** The spells of a run judged up to {@code endS}. */
  public static List<Spell> spells(RecoveryMeter meter, Tipping.Capacity capacity, double endS) {
    int window = (int) meter.spans().windowS();
    int hold = (int) meter.spans().holdS();
    int last = Math.min((int) Math.floor(endS), meter.lastSecond());
    List<Spell> spells = new ArrayList<>();
    boolean inDown = false;
    int enteredAt = -1;
    int since = -1; // start of the current stretch of seconds that would switch the state
    for (int s = 0; s <= last; s++) {
      boolean down = Tipping.down(meter, capacity, Math.max(0, s - window + 1), s + 1);
      if (down == inDown) {
        since = -1;
        continue;
      }
      if (since < 0) {
        since = s;
      }
      if (s - since >= hold) {
        if (inDown) {
          spells.add(new Spell(enteredAt, since, true));
        } else {
          enteredAt = since;
        }
        inDown = !inDown;
        since = -1;
      }
    }
    if (inDown) {
      spells.add(new Spell(enteredAt, Math.max(enteredAt, (int) Math.floor(endS)), false));
    }
    return spells;
  }

  /**
   * The down spells of a run judged up to {@code endS}, with the work offered in them (null: not counted), and
   * whether it is down {@link #LATER_S} after {@code trigger}'s end (null: no trigger, or that is past the run).
   */
  public static DownSpells of(RecoveryMeter meter, Tipping.Capacity capacity, double endS, OfferedWork offered,
      Trigger trigger) {
    List<Spell> spells = spells(meter, capacity, endS);
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
