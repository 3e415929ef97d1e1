package helperlab.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Earliest-deadline fit, the flat average and their edge cases. */
class AdmissionTest {
  private record Work(double deadlineS, double remainingWorkS, double remainingFlatWorkS) implements Admission.AdmittedWork {}

  private static TaskRequest task(int id, double arrival, double deadline, double workS, double flatS) {
    return new TaskRequest(id, arrival, deadline, List.of(new ImageJob(id, id, workS)), flatS);
  }

  @Test
  void anEmptyServiceAdmitsWhatFitsItsWindow() {
    EdfFitAdmission a = new EdfFitAdmission(2, 2, false);
    assertTrue(a.decide(0, task(1, 0, 10, 19.9, 0), List.of()).admitted());
  }

  @Test
  void aBatchThatCannotFitItsOwnWindowIsRefusedWithoutRetryAfter() {
    AdmissionDecision d = new EdfFitAdmission(2, 2, false).decide(0, task(1, 0, 10, 20.5, 0), List.of());
    assertFalse(d.admitted());
    assertEquals(-1, d.retryAfterS());
    assertTrue(d.reason().contains("deadline allows 10.0 s"), d.reason());
  }

  @Test
  void aHelperPolicyPromisesABatchWhatOneHelperCanDo() {
    // 2 cores in all, one core for one batch: 15 s of work due in 10 s fits a pool, not one helper
    TaskRequest big = task(1, 0, 10, 15, 15);
    assertTrue(Admission.of(AdmissionMode.EDF_FIT, 2, 2).decide(0, big, List.of()).admitted());
    AdmissionDecision d = Admission.of(AdmissionMode.EDF_FIT, 2, 1).decide(0, big, List.of());
    assertFalse(d.admitted());
    assertTrue(d.reason().contains("1.0 cores"), d.reason());
    assertFalse(Admission.of(AdmissionMode.FLAT, 2, 1).decide(0, big, List.of()).admitted());
    // and with work ahead: 8 s due at 100 ahead does not delay a one-core batch of 9 s due at 10 on two cores
    List<Work> ahead = List.of(new Work(5, 8, 8));
    assertTrue(Admission.of(AdmissionMode.EDF_FIT, 2, 1).decide(0, task(2, 0, 10, 9, 9), ahead).admitted());
    assertFalse(Admission.of(AdmissionMode.EDF_FIT, 2, 1).decide(0, task(3, 0, 10, 10.5, 10.5), ahead).admitted());
  }

  @Test
  void theSchedulerAdmitsByOneProcessForHelperPoliciesAndTheWholeCapacityForPools() {
    SchedulerConfig config = new SchedulerConfig(2, 64, 2, AdmissionMode.EDF_FIT, 0.5, 3);
    assertEquals(1, config.processCores(), 1e-12);
    List<ImageJob> jobs = new ArrayList<>();
    for (int i = 0; i < 15; i++) {
      jobs.add(new ImageJob(i, 1, 1));
    }
    TaskRequest big = new TaskRequest(1, 0, 10, jobs, 15);
    assertTrue(new Scheduler(PolicyCatalog.get("pool-edf-10"), config).submit(0, big).admitted());
    assertFalse(new Scheduler(PolicyCatalog.get("split-forecast-budget"), config).submit(0, big).admitted());
  }

  @Test
  void anUrgentBatchJumpsAheadOfLaterDeadlines() {
    // 30 s of work due at 100 is on time; a 5 s batch due at 10 fits ahead of it.
    List<Work> admitted = List.of(new Work(100, 30, 30));
    assertTrue(new EdfFitAdmission(1, 1, false).decide(0, task(2, 0, 10, 5, 5), admitted).admitted());
    // The flat (old) admission counts the batch behind all admitted work and refuses it.
    AdmissionDecision flat = new FlatAdmission(1, 1, true).decide(0, task(2, 0, 10, 5, 5), admitted);
    assertFalse(flat.admitted());
    assertEquals(25, flat.retryAfterS(), 1e-9);
  }

  @Test
  void aBatchThatWouldMakeAnOnTimeTaskLateIsRefused() {
    List<Work> admitted = List.of(new Work(12, 10, 10)); // on time with 2 s to spare
    AdmissionDecision d = new EdfFitAdmission(1, 1, false).decide(0, task(2, 0, 5, 3, 3), admitted);
    assertFalse(d.admitted(), "it fits its own deadline but would push the other past 12");
    assertTrue(d.retryAfterS() > 0);
  }

  @Test
  void anAlreadyLateTaskDoesNotBlockEveryNewBatch() {
    List<Work> admitted = List.of(new Work(5, 50, 50)); // hopeless already
    assertTrue(new EdfFitAdmission(1, 1, false).decide(0, task(2, 0, 100, 10, 10), admitted).admitted(),
        "a task that is late anyway is not protected; the newcomer fits after it");
  }

  @Test
  void retryAfterIsWhenTheSameBatchWouldFit() {
    EdfFitAdmission a = new EdfFitAdmission(1, 1, false);
    List<Work> admitted = new ArrayList<>(List.of(new Work(35, 30, 30)));
    TaskRequest t = task(2, 0, 10, 8, 8);
    AdmissionDecision d = a.decide(0, t, admitted);
    assertFalse(d.admitted());
    double after = d.retryAfterS();
    assertTrue(after > 0, "retry after " + after);
    // Drain the admitted work for 'after' seconds, then send the same batch again: it fits.
    List<Work> drained = List.of(new Work(35, 30 - after, 30 - after));
    assertTrue(a.decide(after, task(3, after, after + 10, 8, 8), drained).admitted());
    // One second earlier it would not have.
    List<Work> early = List.of(new Work(35, 30 - (after - 1), 30 - (after - 1)));
    assertFalse(a.decide(after - 1, task(4, after - 1, after + 9, 8, 8), early).admitted());
  }

  @Test
  void equalDeadlinesAreServedInArrivalOrder() {
    List<Work> admitted = List.of(new Work(10, 9, 9));
    assertFalse(new EdfFitAdmission(1, 1, false).decide(0, task(2, 0, 10, 2, 2), admitted).admitted());
    assertTrue(new EdfFitAdmission(1, 1, false).decide(0, task(2, 0, 10, 1, 1), admitted).admitted());
  }

  @Test
  void noAdmissionTakesEverything() {
    Admission none = Admission.of(AdmissionMode.NONE, 1);
    assertTrue(none.decide(0, task(1, 0, 1, 1000, 1000), List.of(new Work(1, 1e6, 1e6))).admitted());
  }

  @Test
  void admissionModesHaveTheirIds() {
    assertEquals(AdmissionMode.EDF_FIT, AdmissionMode.of("edf-fit"));
    assertEquals(AdmissionMode.FLAT, AdmissionMode.of("flat"));
    IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> AdmissionMode.of("fifo"));
    assertTrue(e.getMessage().contains("edf-fit, flat, flat-prices, first-come, none"), e.getMessage());
  }

  @Test
  void claimFivesTwoChangesComeApart() {
    // one core; work ahead due late (deadline 100), 6 s forecast but 3 s at the flat price; a new batch of
    // 5 s forecast (2 s flat) due at 6: placement decides whether the work ahead counts, prices what it costs
    List<Work> ahead = List.of(new Work(100, 6, 3));
    TaskRequest next = task(2, 0, 6, 5, 2);
    assertTrue(Admission.of(AdmissionMode.EDF_FIT, 1).decide(0, next, ahead).admitted(), "edf-fit: goes first, 5 s in 6");
    assertTrue(Admission.of(AdmissionMode.FLAT_PRICES, 1).decide(0, next, ahead).admitted(), "flat prices: 2 s in 6");
    AdmissionDecision firstCome = Admission.of(AdmissionMode.FIRST_COME, 1).decide(0, next, ahead);
    assertFalse(firstCome.admitted(), "first come: 6 + 5 s behind the rest");
    assertTrue(firstCome.reason().contains("work admitted before it"), firstCome.reason());
    assertTrue(Admission.of(AdmissionMode.FLAT, 1).decide(0, next, ahead).admitted(), "both: 3 + 2 s in 6");
    // a flat price over the forecast refuses what the forecast admits, by prices alone
    TaskRequest dear = task(3, 0, 6, 5, 7);
    assertTrue(Admission.of(AdmissionMode.EDF_FIT, 1).decide(0, dear, List.of()).admitted());
    assertFalse(Admission.of(AdmissionMode.FLAT_PRICES, 1).decide(0, dear, List.of()).admitted());
    assertTrue(Admission.of(AdmissionMode.FIRST_COME, 1).decide(0, dear, List.of()).admitted());
    assertEquals(AdmissionMode.FLAT_PRICES, AdmissionMode.of("flat-prices"));
    assertEquals(AdmissionMode.FIRST_COME, AdmissionMode.of("first-come"));
  }
}
