package helperlab.study.phase.diagram;

import helperlab.study.RunRow;
import helperlab.workload.DownSpells;
import helperlab.workload.Recovery;

/**
 * Whether a phase run is <em>down</em> ({@code workload.Tipping}'s criterion) at a given second. The phase diagram
 * asks it at {@link #LATER_S} after the trigger's end. A row with its down spells ({@code down.spells}, written by
 * the phase study since session 14) answers exactly: down when a spell covers that second. An older row has only
 * its first tip ({@code tipped_at_s}) and, if triggered, its recovery after the trigger ({@code recovery}); for it
 * the rule below, which has to assume.
 *
 * <p>The rule for rows without spells:
 * <ul>
 *   <li>never tipped, or tipped after the second asked: not down;</li>
 *   <li>tipped by then, and the recovery after the trigger came back ({@code recovery_s}) at or before that
 *       second, after the tip, while its twin (the same seed without the trigger) was still up: not down (a run
 *       that tipped again after coming back is down);</li>
 *   <li>otherwise down. That includes runs down before their trigger: a row records no escape from a
 *       spontaneous tip, so such a run counts as still down. In the phase study's first slice every run that
 *       tipped stayed down for the rest of its hour (lab-runs/findings/32), which is what this assumes.</li>
 * </ul>
 * Why the twin: {@code recovery_s} measures "back within the band of the twin", not "up". When the twin tips by
 * itself, a triggered run that is just as down is "back" by that measure (in a box run at load 0.1 a spiked run
 * that tipped at 933 s "recovered" at 2,345 s, the second its twin tipped). So a recovery counts only while the
 * twin had not tipped; without the twin's row it is taken as written.
 */
public final class DownLater {
  /** "Down 30 minutes later": the operator's horizon after a trigger has passed (the study's own). */
  public static final double LATER_S = DownSpells.LATER_S;

  private DownLater() {}

  /** When a run first went down (its first spell's start, or its tip for a row without spells); null: never. */
  public static Double downFromS(RunRow r) {
    if (r.down() != null && r.down().spells() != null) {
      return r.down().spells().isEmpty() ? null : (double) r.down().spells().get(0).get(0);
    }
    return r.tippedAtS();
  }

  /** Down at {@code atS} seconds into the run, by the rule above; {@code twin} may be null (not in the rows). */
  public static boolean downAt(RunRow r, RunRow twin, double atS) {
    DownSpells spells = r.down();
    if (spells != null && spells.spells() != null) {
      int at = (int) Math.floor(atS);
      return spells.spells().stream().anyMatch(sp -> sp.get(0) <= at && at < sp.get(1));
    }
    Double tip = r.tippedAtS();
    if (tip == null || tip > atS) {
      return false;
    }
    Recovery rec = r.recovery();
    if (rec == null || rec.downBeforeTrigger() || rec.recoveryS() == null || r.trigger() == null) {
      return true;
    }
    double back = backAtS(r, twin);
    return !(back <= atS && tip <= back);
  }

  /**
   * The second a triggered run was back up after its trigger: its trigger's end plus {@code recovery_s}, when
   * the twin was still up then; infinite when it was not back or the twin had tipped by then (see the class).
   */
  public static double backAtS(RunRow r, RunRow twin) {
    Recovery rec = r.recovery();
    if (r.trigger() == null || rec == null || rec.recoveryS() == null) {
      return Double.POSITIVE_INFINITY;
    }
    double back = r.trigger().endS() + rec.recoveryS();
    boolean twinUp = twin == null || !(twin.down() != null && twin.down().spells() != null ? downAt(twin, null, back)
        : twin.tippedAtS() != null && twin.tippedAtS() <= back);
    return twinUp ? back : Double.POSITIVE_INFINITY;
  }
}
