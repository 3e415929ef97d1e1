package helperlab.study.phase.diagram;

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
  /** "Down 30 minutes later": the operator's horizon after a trigger has passed. */
  public static final double LATER_S = 1800;

  private DownLater() {}

  /** Down at {@code atS} seconds into the run, by the rule above; {@code twin} may be null (not in the rows). */
  public static boolean downAt(RunRow r, RunRow twin, double atS) {
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
    boolean twinUp = twin == null || twin.tippedAtS() == null || twin.tippedAtS() > back;
    return twinUp ? back : Double.POSITIVE_INFINITY;
  }
}
