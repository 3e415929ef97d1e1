package helperlab.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.RunMetrics;
import helperlab.study.phase.EventRate;
import helperlab.study.phase.KaplanMeier;
import helperlab.study.phase.KaplanMeier.Observation;
import helperlab.study.phase.PhaseSetting;
import helperlab.study.phase.SafeLoad;
import helperlab.workload.DownSpells;
import helperlab.workload.Recovery;
import helperlab.workload.Trigger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The phase study's measures on hand-computed rows. */
class PhaseFindingsTest {
  private static final RunMetrics M = RunMetrics.builder().submitted(10).admitted(10).met(9).late(1).metShare(0.9)
      .spawns(10).processesPerTask(1).cpuUsefulS(30).cpuSpawnS(3).peakMemoryMb(500).imagesDone(100).latenessP99S(1)
      .meanResponseS(2).build();

  private static DownSpells down(Double escapedAtS, double downS, int stretches, boolean atEnd, double offered,
      double capacity) {
    return new DownSpells(escapedAtS, downS, stretches, atEnd, null, List.of(), offered, capacity,
        capacity > 0 ? offered / capacity : null);
  }

  private static RunRow row(String policy, double load, long seed, Double tippedAtS, DownSpells d) {
    return new RunRow("calm", policy, "cage", seed, "edf-fit", M, tippedAtS, Studies.PHASE, null, null, null, load,
        "honour", 1.0, d);
  }

  @Test
  void collapsesCountEveryTipAndEveryNeverHealthyStartOverEveryHealthyStretch() {
    // a run healthy 3,000 s that tipped twice (escaping between); one never healthy (0 s healthy); one healthy 3,300 s
    DownSpells twice = new DownSpells(1500.0, 300, 2, false, null, List.of(List.of(1200, 1500), List.of(2000, 2000)),
        0, 0, null, 300, false, 2, 3000.0, 0.0);
    DownSpells never = new DownSpells(null, 3300, 1, true, null, List.of(List.of(300, 3600)), 0, 0, null, 300, true,
        0, 0.0, 0.0);
    DownSpells up = new DownSpells(null, 0, 0, false, null, List.of(), 0, 0, null, 300, false, 0, 3300.0, 0.0);
    List<RunRow> rows = List.of(row("box", 0.1, 0, 1200.0, twice), row("box", 0.1, 1, null, never),
        row("box", 0.1, 2, null, up));
    EventRate r = PhaseMeasures.collapseRate(rows);
    assertEquals(3, r.events(), "two tips and one start that never stood");
    assertEquals(6300 / 3600.0, r.exposureH(), 1e-12);
  }

  @Test
  void aTippedRunCountsItsHealthyTimeOnlyAndAnUntippedOneItsWholeLength() {
    EventRate r = PhaseMeasures.tipRate(List.of(Observation.eventOrCensored(1800.0, 3600),
        Observation.eventOrCensored(null, 3600), Observation.eventOrCensored(900.0, 3600)));
    assertEquals(2, r.events());
    assertEquals(1.75, r.exposureH(), 1e-12);
    assertEquals(2 / 1.75, r.perHour(), 1e-12);
  }

  @Test
  void theEscapeRateCountsEscapedSpellsOverAllTimeDown() {
    // one run down 1,800 s in two spells, both escaped; one down 900 s to its end (censored); one never down.
    List<DownSpells> d = List.of(down(1200.0, 1800, 2, false, 0, 0), down(null, 900, 1, true, 0, 0),
        down(null, 0, 0, false, 0, 0));
    EventRate e = PhaseMeasures.escapeRate(d);
    assertEquals(2, e.events());
    assertEquals(0.75, e.exposureH(), 1e-12);
    assertEquals(2 / 0.75, e.perHour(), 1e-12);
    // exact Poisson for 2 events: chi2(4; .025)/2 = 0.2422, chi2(6; .975)/2 = 7.2247, over 0.75 h
    assertEquals(0.2422 / 0.75, e.lo(), 1e-3);
    assertEquals(7.2247 / 0.75, e.hi(), 1e-3);
  }

  @Test
  void sustainIsAllWorkOfferedWhileDownOverAllCapacityThen() {
    List<DownSpells> d = List.of(down(null, 100, 1, true, 300, 150), down(2000.0, 200, 1, false, 150, 300),
        down(null, 0, 0, false, 0, 0));
    assertEquals(450.0 / 450, PhaseMeasures.sustain(d), 1e-12);
    assertTrue(Double.isNaN(PhaseMeasures.sustain(List.of(down(null, 0, 0, false, 0, 0)))), "never down: none");
  }

  private static DownSpells spells(Double escapedAtS, boolean atEnd, List<List<Integer>> spells) {
    return new DownSpells(escapedAtS, spells.stream().mapToInt(sp -> sp.get(1) - sp.get(0)).sum(), spells.size(), atEnd,
        null, spells, 0, 0, null);
  }

  @Test
  void timeToEscapeCountsFromTheTipAndIsCensoredAtTheRunsEnd() {
    List<RunRow> rows = List.of(row("box", 0.1, 0, 1000.0, spells(1300.0, false, List.of(List.of(1000, 1300)))),
        row("box", 0.1, 1, 3000.0, spells(null, true, List.of(List.of(3000, 3600)))),
        row("box", 0.1, 2, null, spells(null, false, List.of())));
    List<Observation> t = PhaseMeasures.escapeTimes(rows);
    assertEquals(List.of(new Observation(300, true), new Observation(600, false)), t);
    // KM: at 300 two at risk, one escapes: S = 0.5, the median
    assertEquals(300.0, KaplanMeier.of(t).median().timeS());
  }

  @Test
  void timeToRecoverIsCensoredAtTheRunsEndAndLeavesOutRunsDownBeforeTheTrigger() {
    Trigger spike = new Trigger(Trigger.Kind.SPIKE, 900, 300, 1);
    Recovery.Amplification a = new Recovery.Amplification(1, 1, 0, 1);
    List<RunRow> rows = new ArrayList<>();
    rows.add(new RunRow("calm", "box", "cage", 0, "edf-fit", M, null, Studies.PHASE, spike, null,
        new Recovery(120.0, false, 1, 0, a, a, a, false, null), 0.2, "honour", 1.0, null));
    rows.add(new RunRow("calm", "box", "cage", 1, "edf-fit", M, 950.0, Studies.PHASE, spike, null,
        new Recovery(null, true, 1, 0, a, a, a, false, 950.0), 0.2, "honour", 1.0, null));
    rows.add(new RunRow("calm", "box", "cage", 2, "edf-fit", M, 100.0, Studies.PHASE, spike, null,
        new Recovery(null, false, 1, 0, a, a, a, true, 100.0), 0.2, "honour", 1.0, null));
    assertEquals(List.of(new Observation(120, true), new Observation(2400, false)), PhaseMeasures.recoveryTimes(rows));
  }

  @Test
  void aBudgetsShiftIsItsSafeLoadLessThePolicyItBudgets() {
    List<RunRow> rows = new ArrayList<>();
    long seed = 0;
    for (double load : new double[] {0.1, 0.2, 0.3}) {
      for (int i = 0; i < 4; i++) { // 4 healthy hours per load: no tip gives an upper end of 3.69/4 < 1/h
        rows.add(row("box", load, seed++, load >= 0.2 ? 60.0 : null, down(null, 0, 0, false, 0, 0)));
        rows.add(row("box-help-20-min1", load, seed++, load >= 0.3 ? 60.0 : null, down(null, 0, 0, false, 0, 0)));
      }
    }
    PhaseFindings f = new PhaseFindings(rows);
    assertEquals(new SafeLoad(0.1, 0.1, 0.1), f.safeLoads().get("box"));
    assertEquals(new SafeLoad(0.2, 0.2, 0.2), f.safeLoads().get("box-help-20-min1"));
    String md = f.markdown();
    assertTrue(md.contains("| box-help-20-min1 | 0.20 | 0.20 – 0.20 | 90.0 | 10 | box | +0.10 |"), md);
    String csv = f.csv();
    assertTrue(csv.startsWith("policy,setting,offered_load,condition,runs,met_share,late_share,never_healthy,"
        + "down_at_end,tips"), csv);
    assertTrue(csv.contains("\nbox,edf-fit,0.20,none,4,0.900,0.100,0,0,4,"), csv);
    assertEquals("policy,setting,safe_load,lo,hi,met_share,late_share\nbox,edf-fit,0.10,0.10,0.10,0.900,0.100\n"
        + "box-help-20-min1,edf-fit,0.20,0.20,0.20,0.900,0.100\n", f.safeLoadsCsv());
  }

  @Test
  void aSettingOtherThanTheBaseIsNamedBesideThePolicy() {
    RunRow r = new RunRow("calm", "box", "cage", 0, "edf-fit", M, null, Studies.PHASE, null, null, null, 0.1, "backoff",
        1.4, down(null, 0, 0, false, 0, 0));
    assertEquals("edf-fit*1.4/backoff", PhaseFindings.setting(r).toString());
    assertEquals(PhaseFindings.setting(r), PhaseSetting.parse("edf-fit*1.4/backoff"));
    assertTrue(new PhaseFindings(List.of(r)).markdown().contains("| box [edf-fit*1.4/backoff] | 0.10 |"));
    assertEquals("load 0.10, client backoff, bias x1.4", r.condition());
    RunRow parsed = RunRow.parse(helperlab.model.DataFile.compact(r), "test");
    assertEquals(r, parsed);
  }

  @Test
  void aSweepWithoutThePhaseStudyGetsNoSection() {
    assertEquals("", new PhaseFindings(List.of()).markdown());
    assertFalse(new PhaseFindings(List.of()).csv().contains("\n,"));
    assertNull(PhaseFindings.BUDGETS_OF.get("box"));
  }
}
