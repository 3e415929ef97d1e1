package helperlab.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The client models: one-shot, retrying, and gRPC retry throttling. */
class ClientTest {
  private static <T extends ClientAction> List<T> only(List<ClientAction> actions, Class<T> type) {
    return actions.stream().filter(type::isInstance).map(type::cast).toList();
  }

  @Test
  void grpcThrottleAllowsRetriesOnlyWhileMoreThanHalfFull() {
    RetryThrottle t = RetryThrottle.grpc(10, 0.1);
    assertTrue(t.allowsRetry());
    for (int i = 0; i < 5; i++) {
      t.failure();
    }
    assertEquals(5, t.tokens(), 1e-9);
    assertFalse(t.allowsRetry(), "at exactly half, retries stop");
    t.success();
    assertTrue(t.allowsRetry(), "5.1 tokens > 5");
    for (int i = 0; i < 200; i++) {
      t.success();
    }
    assertEquals(10, t.tokens(), 1e-9, "capped at max tokens");
  }

  @Test
  void aOneShotClientNeverTimesOut() {
    Client c = new Client(PolicyCatalog.get("pool-edf-10").client(), 100);
    c.arrive(0, 1, 10);
    assertEquals(1, only(c.drain(), ClientAction.Send.class).size());
    c.admitted(0, 1);
    assertEquals(Double.POSITIVE_INFINITY, c.nextWakeup());
    c.finished(12, 1, true);
    ClientAction.Outcome o = only(c.drain(), ClientAction.Outcome.class).get(0);
    assertEquals(ClientAction.Result.LATE, o.result());
    assertEquals(2, o.latenessS(), 1e-9);
  }

  @Test
  void aOneShotClientHonoursRetryAfterOnce() {
    Client c = new Client(PolicyCatalog.get("pool-edf-10").client(), 100);
    c.arrive(0, 1, 60);
    c.drain();
    c.refused(0, 1, 5);
    assertTrue(c.drain().isEmpty(), "it waits for the Retry-After");
    assertEquals(5, c.nextWakeup());
    c.tick(5);
    List<ClientAction.Send> again = only(c.drain(), ClientAction.Send.class);
    assertEquals(1, again.size(), "sent once more");
    c.refused(5, again.get(0).copy(), 5);
    List<ClientAction.Outcome> out = only(c.drain(), ClientAction.Outcome.class);
    assertEquals(ClientAction.Result.TURNED_AWAY, out.get(0).result(), "but only once");
    assertEquals(Double.POSITIVE_INFINITY, c.nextWakeup());
  }

  @Test
  void aOneShotClientDoesNotComeBackAfterItsDeadlineNorWhenNeverFits() {
    Client c = new Client(PolicyCatalog.get("pool-edf-10").client(), 100);
    c.arrive(0, 1, 10);
    c.arrive(0, 2, 10);
    c.drain();
    c.refused(0, 1, 20); // after the deadline
    c.refused(0, 2, -1); // never fits
    assertEquals(2, only(c.drain(), ClientAction.Outcome.class).size());
  }

  @Test
  void aRetryingClientResendsASlowTaskAndTheFirstAnswerWins() {
    Client c = new Client(PolicyCatalog.get("retry-client").client(), 100);
    c.arrive(0, 1, 10);
    c.drain();
    c.admitted(0, 1);
    assertEquals(5, c.nextWakeup(), 1e-9, "times out at half its deadline window");
    c.tick(5);
    ClientAction.Send resend = only(c.drain(), ClientAction.Send.class).get(0);
    assertEquals(100, resend.copy());
    c.admitted(5, 100);
    c.finished(8, 100, true);
    assertEquals(ClientAction.Result.MET, only(c.drain(), ClientAction.Outcome.class).get(0).result());
    c.finished(9, 1, true);
    assertEquals(1, only(c.drain(), ClientAction.Discard.class).get(0).copy(), "the original's work is wasted");
  }

  @Test
  void aRefusedTaskIsResentAfterRetryAfterOrTurnedAway() {
    Client retrying = new Client(PolicyCatalog.get("retry-client").client(), 100);
    retrying.arrive(0, 1, 30);
    retrying.drain();
    retrying.refused(0, 1, 4);
    assertEquals(4, retrying.nextWakeup(), 1e-9);
    retrying.tick(4);
    assertEquals(1, only(retrying.drain(), ClientAction.Send.class).size());

    Client once = new Client(PolicyCatalog.get("never-split").client(), 100);
    once.arrive(0, 1, 30);
    once.drain();
    once.refused(0, 1, -1); // never fits: a one-shot client comes back only when told when
    assertEquals(ClientAction.Result.TURNED_AWAY, only(once.drain(), ClientAction.Outcome.class).get(0).result());
  }

  @Test
  void theThrottledClientStopsRetryingAfterAStreakOfFailures() {
    Client c = new Client(PolicyCatalog.get("retry-client-budget").client(), 1000);
    int sends = 0;
    for (int task = 0; task < 20; task++) {
      double t = task * 100;
      c.arrive(t, task, t + 10);
      sends += only(c.drain(), ClientAction.Send.class).size();
      c.refused(t, task, 1);
      c.tick(t + 1);
      sends += only(c.drain(), ClientAction.Send.class).size();
      c.close(t + 50);
      c.drain();
    }
    assertTrue(sends < 30, "throttling cut retries: " + sends + " sends for 20 tasks");
  }

  @Test
  void closingSettlesWhatIsOpenInArrivalOrderOnce() {
    Client c = new Client(PolicyCatalog.get("pool-edf-10").client(), 1_000);
    int[] ids = {700, 3, 260, 129, 5};
    for (int id : ids) {
      c.arrive(0, id, 60);
    }
    c.admitted(0, 260);
    c.finished(1, 129, true);
    c.drain();
    c.close(100);
    List<ClientAction.Outcome> out = only(c.drain(), ClientAction.Outcome.class);
    assertEquals(List.of(700, 3, 260, 5), out.stream().map(ClientAction.Outcome::task).toList(),
        "the four still open, as they came; the finished one not again");
    assertEquals(ClientAction.Result.LATE, out.get(2).result(), "admitted and never finished is late");
    assertEquals(ClientAction.Result.TURNED_AWAY, out.get(0).result(), "never admitted is turned away");
    assertEquals(0, c.openTasks());
  }

  @Test
  void aLongRunSettledAsItGoesStillClosesWhatIsOpenInArrivalOrder() {
    Client c = new Client(PolicyCatalog.get("pool-edf-10").client(), 1_000_000);
    List<Integer> open = new java.util.ArrayList<>();
    for (int id = 1; id <= 5_000; id++) {
      c.arrive(id, id, id + 60);
      c.admitted(id, id);
      if (id % 97 == 0) {
        open.add(id);
      } else {
        c.finished(id + 1, id, true);
      }
    }
    c.drain();
    c.close(10_000);
    List<ClientAction.Outcome> out = only(c.drain(), ClientAction.Outcome.class);
    assertEquals(open, out.stream().map(ClientAction.Outcome::task).toList());
  }
}
