package helperlab.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The tipping criterion on hand-made runs ({@link HandMadeRun}: one task a second, a 300 s window, a 120 s hold),
 * both ways: a run that delivers is healthy, one that never does is never healthy, a storm tips and is escaped, low
 * goodput on an idle machine is not down, and an offer over capacity met to capacity is saturated, not down.
 */
class TippingCourseTest {
  private static final int END = 3600;

  @Test
  void aRunThatDeliversIsHealthyThroughoutAndNothingIsJudgedBeforeTheFirstWindow() {
    TippingCourse c = HandMadeRun.course(END, s -> false, s -> 0.9);
    assertEquals(300, c.fromS(), "the warm-up: one full window");
    assertTrue(c.spells().isEmpty());
    assertFalse(c.neverHealthy());
    assertNull(c.tippedAtS());
    assertEquals(END - 300, c.healthyS(), 1e-9, "healthy from the first judged second to the end");
    assertEquals("healthy throughout", Tipping.describe(c));
  }

  @Test
  void aRunDownFromItsStartIsNeverHealthyAndHasNoTipTime() {
    TippingCourse c = HandMadeRun.course(END, s -> true, s -> 1.0);
    assertTrue(c.neverHealthy());
    assertNull(c.tippedAtS(), "it did not fall, it never stood");
    assertEquals(0, c.tips());
    assertEquals(List.of(new DownSpells.Spell(300, END, false)), c.spells());
    assertTrue(c.downAtEnd());
    assertEquals(0, c.healthyS(), 1e-9);
    assertTrue(Tipping.describe(c).startsWith("never healthy"), Tipping.describe(c));
  }

  @Test
  void aStormTipsWhereMostOfAWindowIsLostAndIsEscapedWhereMostIsDeliveredAgain() {
    // late in [1000, 1400): a window [t-300, t) has more than 150 late arrivals for t in [1151, 1549]
    TippingCourse c = HandMadeRun.course(END, s -> s >= 1000 && s < 1400, s -> 1.0);
    assertEquals(1151.0, c.tippedAtS());
    assertEquals(List.of(new DownSpells.Spell(1151, 1550, true)), c.spells());
    assertEquals(1, c.tips());
    assertEquals(1550.0, c.escapedAtS());
    assertEquals(399, c.downS(), 1e-9);
    assertEquals(END - 300 - 399, c.healthyS(), 1e-9, "every healthy stretch, before the tip and after the escape");
    DownSpells d = DownSpells.of(c, null, null);
    assertEquals(1, d.escapes());
    assertEquals(1, d.tips());
    assertFalse(d.neverHealthy());
    assertNull(d.sustain(), "no offered work counted");
  }

  @Test
  void everyTipCountsInTheRenewalView() {
    // two storms, each escaped: two tips over all the time healthy
    TippingCourse c = HandMadeRun.course(END, s -> (s >= 1000 && s < 1400) || (s >= 2400 && s < 2800), s -> 1.0);
    assertEquals(2, c.tips());
    assertEquals(2, c.spells().size());
    assertEquals(1151.0, c.tippedAtS(), "the first tip");
  }

  @Test
  void lowGoodputOnAMachineWithAFifthOrMoreSpareIsNotDown() {
    // every task late, but the processes used 70% of the CPU: the loss is lateness, not a pile of work
    TippingCourse idle = HandMadeRun.course(END, s -> true, s -> 0.7);
    assertTrue(idle.spells().isEmpty(), idle.spells().toString());
    TippingCourse busy = HandMadeRun.course(END, s -> true, s -> 0.8);
    assertFalse(busy.spells().isEmpty(), "at 80% busy the same losses are a collapse");
  }

  @Test
  void anOfferOverCapacityMetToCapacityIsSaturatedNotDown() {
    // four tasks of half a CPU second each a second: twice what the machine does, all of it counted met
    int end = 1200;
    RecoveryMeter m = HandMadeRun.meter(end, 4, s -> false, s -> 1.0, new RecoveryMeter());
    double[] work = new double[end * 4];
    double[] deadline = new double[work.length];
    for (int i = 0; i < work.length; i++) {
      work[i] = 0.5; // 2 CPU seconds offered a second, twice what the machine does
      deadline[i] = 1e9;
    }
    TippingCourse c = Tipping.course(m, new Tipping.Capacity(work, deadline, 1, 1, null), end);
    assertTrue(c.spells().isEmpty(), "goodput against what the machine could carry (1 a second), not the offer (2)");
    assertEquals(end - 300, c.saturatedS(), "every judged second saturated");
  }

  @Test
  void aDipShorterThanTheHoldIsNoSpellAndAShortRecoveryIsNoEscape() {
    // L seconds late from 1000: a window [t-300, t) is down while more than 150 of its arrivals are late: never for
    // L <= 150 (a noisy minute or two is no tip); for L = 151, t in [1151, 1300], 150 s, which holds
    assertTrue(HandMadeRun.course(END, s -> s >= 1000 && s < 1150, s -> 1.0).spells().isEmpty());
    assertEquals(List.of(new DownSpells.Spell(1151, 1301, true)),
        HandMadeRun.course(END, s -> s >= 1000 && s < 1151, s -> 1.0).spells());
    // a hold of 120 s on a 300 s window: a stretch down must outlast the hold, so flickers never change the state
    TippingCourse flicker = HandMadeRun.course(END, s -> s >= 1000 && s < 1300 && (s / 100) % 2 == 0, s -> 1.0);
    assertTrue(flicker.spells().isEmpty(), "200 of 300 s late in 100 s bursts: " + flicker.spells());
    // down from 1000 to the end with 60 s met in between: the met minute never brings a window back over half
    TippingCourse once = HandMadeRun.course(END, s -> s >= 1000 && !(s >= 2000 && s < 2060), s -> 1.0);
    assertEquals(1, once.spells().size(), once.spells().toString());
    assertTrue(once.downAtEnd());
  }

  @Test
  void aTaskWhoseFateIsNotKnownYetIsLeftOutOfItsWindow() {
    // the last 400 s of arrivals have no outcome yet and deadlines ahead: the run is judged on what is known
    int end = 1200;
    RecoveryMeter m = new RecoveryMeter();
    for (int s = 0; s < end; s++) {
      m.on(s + 0.1, helperlab.model.EventType.SUBMITTED, -1, s, -1, -1, null);
      if (s < 800) {
        m.on(s + 0.5, helperlab.model.EventType.TASK_MET, -1, s, -1, 0, null);
      }
      m.on(s + 0.6, helperlab.model.EventType.IMAGE_DONE, 0, 0, 0, 1.0, null);
    }
    double[] work = new double[end];
    double[] deadline = new double[end];
    for (int i = 0; i < end; i++) {
      work[i] = 1;
      deadline[i] = i < 800 ? i + 10 : 5000;
    }
    TippingCourse c = Tipping.course(m, new Tipping.Capacity(work, deadline, 1, 1, null), end);
    assertTrue(c.spells().isEmpty(), "unknown is not late: " + c.spells());
    // the same tasks with their deadlines passed are late (missed): the run went down
    for (int i = 800; i < end; i++) {
      deadline[i] = i + 10;
    }
    TippingCourse late = Tipping.course(m, new Tipping.Capacity(work, deadline, 1, 1, null), end);
    assertFalse(late.spells().isEmpty());
  }
}
