package helperlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.EventType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The tipping criterion on hand-made seconds (a worker budget of 2, a 60 s window, a 120 s hold), both ways: a
 * healthy start-up with nothing settled yet is not down, a storm is, and the run escapes it when the seconds that
 * are not down hold as long as the down ones had to.
 */
class DownSpellsTest {
  private static final Tipping.Capacity BUDGET_2 = new Tipping.Capacity(2, 1000);

  /** One task settles a second from {@code settleFrom} (late in [lateFrom, lateTo), met elsewhere); processes likewise. */
  private static RecoveryMeter seconds(int endS, int settleFrom, int lateFrom, int lateTo, int busyFrom, int busyTo,
      int busyProcesses, int calmProcesses) {
    RecoveryMeter m = new RecoveryMeter();
    for (int s = 0; s < endS; s++) {
      if (s >= settleFrom) {
        m.on(s + 0.5, s >= lateFrom && s < lateTo ? EventType.TASK_LATE : EventType.TASK_MET, -1, s, -1, 0, null);
      }
      m.sample(s + 0.5, s >= busyFrom && s < busyTo ? busyProcesses : calmProcesses, 0, 0, 0, null);
    }
    return m;
  }

  @Test
  void aHealthyStartUpWithNothingSettledYetIsNotDown() {
    // nothing settles for the first 200 s (longer than window and hold) while the processes stay within the budget
    RecoveryMeter m = seconds(900, 200, -1, -1, 0, 0, 0, 2);
    assertNull(Tipping.tippedAtS(m, BUDGET_2, 900));
    assertTrue(DownSpells.spells(m, BUDGET_2, 900).isEmpty());
  }

  @Test
  void nothingSettledWhileProcessesPileUpIsDownFromTheFirstSecond() {
    // 10 processes for 300 s and nothing finishing: the mean is above 2 from second 0, no task says "met"
    RecoveryMeter m = seconds(900, 300, -1, -1, 0, 300, 10, 1);
    assertEquals(0.0, Tipping.tippedAtS(m, BUDGET_2, 900));
  }

  @Test
  void aStormIsDownFrom130AndEscapedAt429() {
    // late and 10 processes in [100, 400), met and 1 process elsewhere; one task settles each second.
    // Down while the window [s-59, s] has more late than met (s in [130, 428]) and at least 7 seconds of 10
    // processes (mean > 2: s in [106, 452]): seconds 130..428. Tipped at 130 (held to 250), escaped at 429 (held).
    RecoveryMeter m = seconds(900, 0, 100, 400, 100, 400, 10, 1);
    assertEquals(130.0, Tipping.tippedAtS(m, BUDGET_2, 900));
    assertEquals(List.of(new DownSpells.Spell(130, 429, true)), DownSpells.spells(m, BUDGET_2, 900));
    DownSpells d = DownSpells.of(m, BUDGET_2, 900, null, null);
    assertEquals(429.0, d.escapedAtS());
    assertEquals(299, d.downS());
    assertEquals(1, d.escapes());
    assertFalse(d.downAtEnd());
    assertNull(d.sustain(), "no offered work counted");
  }

  @Test
  void aRunThatEndsDownIsCensoredThereAndHasNotEscaped() {
    RecoveryMeter m = seconds(600, 0, 100, 600, 100, 600, 10, 1);
    DownSpells d = DownSpells.of(m, BUDGET_2, 600, null, null);
    assertEquals(List.of(new DownSpells.Spell(130, 600, false)), DownSpells.spells(m, BUDGET_2, 600));
    assertNull(d.escapedAtS());
    assertTrue(d.downAtEnd());
    assertEquals(0, d.escapes());
    assertEquals(470, d.downS());
  }

  @Test
  void aDownStretchShorterThanTheHoldIsNoSpellAndAShortRecoveryIsNoEscape() {
    // late/busy for 100 s: down from 130 (late > met from the 31st late second) to 228 (met catches up): 99 s, no tip
    RecoveryMeter brief = seconds(900, 0, 100, 200, 100, 200, 10, 1);
    assertNull(Tipping.tippedAtS(brief, BUDGET_2, 900));
    // down in [130, 600) and again from 700: the 100-odd healthy seconds between are under the hold, one spell
    RecoveryMeter twice = new RecoveryMeter();
    for (int s = 0; s < 1200; s++) {
      boolean bad = (s >= 100 && s < 600) || s >= 640;
      twice.on(s + 0.5, bad ? EventType.TASK_LATE : EventType.TASK_MET, -1, s, -1, 0, null);
      twice.sample(s + 0.5, bad ? 10 : 1, 0, 0, 0, null);
    }
    List<DownSpells.Spell> spells = DownSpells.spells(twice, BUDGET_2, 1200);
    assertEquals(1, spells.size(), spells.toString());
    assertFalse(spells.get(0).escaped());
  }
}
