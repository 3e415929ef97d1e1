package helperlab.study.phase;

import helperlab.study.RunRow;
import helperlab.workload.Recovery;

/**
 * Whether a phase run is <em>down</em> ({@code workload.Tipping}'s criterion) at a given second, read from what
 * a runs.jsonl row holds today: the first tip ({@code tipped_at_s}) and, for a triggered run, its recovery after
 * the trigger ({@code recovery}). The phase diagram asks it at {@link #LATER_S} after the trigger's end.
 *
 * <p>The rule, and where it has to assume:
 * <ul>
 *   <li>never tipped, or tipped after the second asked: not down;</li>
 *   <li>tipped by then, and the recovery after the trigger came back ({@code recovery_s}) at or before that
 *       second, after the tip: not down (a run that tipped again after coming back is down);</li>
 *   <li>otherwise down. That includes runs down before their trigger: a row records no escape from a
 *       spontaneous tip, so such a run counts as still down. In the phase study's first slice every run that
 *       tipped stayed down for the rest of its hour (lab-runs/findings/32), which is what this assumes.</li>
 * </ul>
 */
public final class DownLater {
  /** "Down 30 minutes later": the operator's horizon after a trigger has passed. */
  public static final double LATER_S = 1800;

  private DownLater() {}

  /** Down at {@code atS} seconds into the run, by the rule above. */
  public static boolean downAt(RunRow r, double atS) {
    Double tip = r.tippedAtS();
    if (tip == null || tip > atS) {
      return false;
    }
    Recovery rec = r.recovery();
    if (rec == null || rec.downBeforeTrigger() || rec.recoveryS() == null || r.trigger() == null) {
      return true;
    }
    double back = r.trigger().endS() + rec.recoveryS();
    return !(back <= atS && tip <= back);
  }
}
