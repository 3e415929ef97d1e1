package helperlab.workload;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * A run's course through healthy and down, from its seconds judged by {@link Tipping}: a state holds once the
 * seconds that call for it last the hold ({@code holdS}; a flicker shorter than that changes nothing), dated from
 * the first of them. Judging starts at {@code fromS} (the first full window); until a state first holds the run is
 * neither. If that first state is down the run was <em>never healthy</em> (it has no tip time: it did not fall, it
 * never stood); otherwise it <em>tipped</em> at the first healthy-to-down change. Every change is counted: tips
 * (healthy to down) over the time spent healthy is a renewal rate, escapes (down to healthy) over the time spent
 * down likewise. A spell down runs from entering to escaping, or to {@code endS} (censored: still down at the end).
 */
public final class TippingCourse {
  private final int fromS;
  private final int holdS;
  private final int endS;
  private final boolean[] down;
  private final boolean[] saturated;
  private final double[] goodput;
  private final double[] busy;
  private final List<DownSpells.Spell> spells = new ArrayList<>();
  private boolean neverHealthy;
  private Double tippedAtS;
  private int tips;
  private double healthyS;
  private double downS;
  private int saturatedS;

  TippingCourse(int fromS, int holdS, int endS, boolean[] down, boolean[] saturated, double[] goodput, double[] busy) {
    this.fromS = fromS;
    this.holdS = holdS;
    this.endS = endS;
    this.down = down;
    this.saturated = saturated;
    this.goodput = goodput;
    this.busy = busy;
    walk();
  }

  private static final int UNKNOWN = 0;
  private static final int HEALTHY = 1;
  private static final int DOWN = 2;

  private void walk() {
    int state = UNKNOWN;
    int pending = UNKNOWN;
    int since = -1;
    int enteredAt = -1;
    int healthySince = -1;
    for (int t = fromS; t < down.length; t++) {
      int want = down[t] ? DOWN : HEALTHY;
      saturatedS += saturated[t] ? 1 : 0;
      if (want == state) {
        pending = UNKNOWN;
        continue;
      }
      if (pending != want) {
        pending = want;
        since = t;
      }
      if (t - since < holdS) {
        continue;
      }
      if (want == DOWN) {
        if (state == UNKNOWN) {
          neverHealthy = true;
        } else {
          tips++;
          tippedAtS = tippedAtS == null ? (double) since : tippedAtS;
          healthyS += since - healthySince;
        }
        enteredAt = since;
      } else {
        if (state == DOWN) {
          spells.add(new DownSpells.Spell(enteredAt, since, true));
          downS += since - enteredAt;
        }
        healthySince = since;
      }
      state = want;
      pending = UNKNOWN;
    }
    if (state == DOWN) {
      int to = Math.max(enteredAt, endS);
      spells.add(new DownSpells.Spell(enteredAt, to, false));
      downS += to - enteredAt;
    } else if (state == HEALTHY) {
      healthyS += Math.max(0, endS - healthySince);
    }
  }

  /** The first second judged (the warm-up's end: one full window into the run). */
  public int fromS() {
    return fromS;
  }

  public int holdS() {
    return holdS;
  }

  public int endS() {
    return endS;
  }

  /** Whether second {@code s} was down by itself (the criterion on its window, before any hold). */
  public boolean downSecond(int s) {
    return s >= fromS && s < down.length && down[s];
  }

  /** The window's goodput share at second {@code s} (NaN: not judged, or nothing offered). */
  public double goodputAt(int s) {
    return s >= 0 && s < goodput.length ? goodput[s] : Double.NaN;
  }

  /** The window's CPU used over the machine's at second {@code s} (NaN: not judged). */
  public double busyAt(int s) {
    return s >= 0 && s < busy.length ? busy[s] : Double.NaN;
  }

  /** The spell down that second {@code s} is in, or null (healthy, or not judged). */
  public DownSpells.Spell spellAt(double s) {
    for (DownSpells.Spell sp : spells) {
      if (sp.fromS() <= s && s < sp.toS()) {
        return sp;
      }
    }
    return null;
  }

  public List<DownSpells.Spell> spells() {
    return List.copyOf(spells);
  }

  public boolean neverHealthy() {
    return neverHealthy;
  }

  /** The first change from healthy to down, or null. */
  public Double tippedAtS() {
    return tippedAtS;
  }

  /** Changes from healthy to down: a never-healthy run's first spell is not one. */
  public int tips() {
    return tips;
  }

  /** Seconds in the healthy state (every healthy stretch, after escapes too), censored at the end. */
  public double healthyS() {
    return healthyS;
  }

  /** Seconds in the down state, all spells, censored at the end. */
  public double downS() {
    return downS;
  }

  /** Judged seconds saturated: not down, offered more work than the machine can do in the window. */
  public int saturatedS() {
    return saturatedS;
  }

  public boolean downAtEnd() {
    return !spells.isEmpty() && !spells.get(spells.size() - 1).escaped();
  }

  /** Never healthy, or tipped: not healthy throughout. */
  public boolean everDown() {
    return !spells.isEmpty();
  }

  /** The end of the first spell, if the run left it; null otherwise. */
  public Double escapedAtS() {
    return spells.isEmpty() || !spells.get(0).escaped() ? null : (double) spells.get(0).toS();
  }

  public Summary summary() {
    List<List<Integer>> pairs = spells.stream().map(sp -> List.of(sp.fromS(), sp.toS())).toList();
    return new Summary(Tipping.CRITERION, fromS, tippedAtS, neverHealthy, escapedAtS(), downAtEnd(), tips, pairs,
        healthyS, downS, saturatedS);
  }

  /**
   * What a judged run keeps of its course (a run record's {@code tipping}): the criterion's name, the first second
   * judged, when it tipped, whether it was never healthy, the spells down, the time healthy, down and saturated.
   */
  @JsonInclude(JsonInclude.Include.ALWAYS)
  @JsonPropertyOrder({"criterion", "judged_from_s", "tipped_at_s", "never_healthy", "escaped_at_s", "down_at_end", "tips",
      "spells", "healthy_s", "down_s", "saturated_s"})
  public record Summary(
      @JsonProperty("criterion") String criterion,
      @JsonProperty("judged_from_s") int judgedFromS,
      @JsonProperty("tipped_at_s") Double tippedAtS,
      @JsonProperty("never_healthy") boolean neverHealthy,
      @JsonProperty("escaped_at_s") Double escapedAtS,
      @JsonProperty("down_at_end") boolean downAtEnd,
      @JsonProperty("tips") int tips,
      @JsonProperty("spells") List<List<Integer>> spells,
      @JsonProperty("healthy_s") double healthyS,
      @JsonProperty("down_s") double downS,
      @JsonProperty("saturated_s") double saturatedS) {
    public Summary {
      spells = spells == null ? List.of() : List.copyOf(spells);
    }

    @JsonIgnore
    double spellStart(int i) {
      return spells.isEmpty() ? judgedFromS : spells.get(i).get(0);
    }
  }
}
