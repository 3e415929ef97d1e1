package helperlab.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.policy.PolicySpec.RetryAfter;
import helperlab.model.DataFile;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Clients that ignore Retry-After: at once, or an exponential back-off; and the one that honours it, as before. */
class RetryAfterTest {
  private static List<ClientAction.Send> sends(Client c) {
    return c.drain().stream().filter(ClientAction.Send.class::isInstance).map(ClientAction.Send.class::cast).toList();
  }

  @Test
  void theWaitsAreWhatEachClientSays() {
    assertEquals(5, RetryAfter.HONOUR.waitS(5, 1));
    assertEquals(-1, RetryAfter.HONOUR.waitS(-1, 1), "told not to come back, it does not");
    assertEquals(RetryAfter.AT_ONCE_S, RetryAfter.AT_ONCE.waitS(5, 3));
    assertEquals(RetryAfter.AT_ONCE_S, RetryAfter.AT_ONCE.waitS(-1, 1), "it re-sends even when told not to");
    assertEquals(1, RetryAfter.BACKOFF.waitS(30, 1));
    assertEquals(2, RetryAfter.BACKOFF.waitS(30, 2));
    assertEquals(8, RetryAfter.BACKOFF.waitS(-1, 4));
    assertEquals(60, RetryAfter.BACKOFF.waitS(30, 20), "capped");
  }

  @Test
  void aRetryingClientThatBacksOffResendsEachRefusalAfterOneTwoFourSeconds() {
    PolicySpec p = PolicyCatalog.get("retry-client").withRetryAfter(RetryAfter.BACKOFF);
    Client c = new Client(p.client(), 100);
    c.arrive(0, 1, 60);
    int copy = sends(c).get(0).copy();
    double now = 0;
    for (double expected : new double[] {1, 2, 4}) {
      c.refused(now, copy, 30); // the service asks for 30 s; the client ignores it
      assertEquals(now + expected, c.nextWakeup(), 1e-9);
      now += expected;
      c.tick(now);
      List<ClientAction.Send> again = sends(c);
      assertEquals(1, again.size());
      copy = again.get(0).copy();
    }
    c.refused(now, copy, 30);
    assertTrue(c.drain().stream().anyMatch(a -> a instanceof ClientAction.Outcome o
        && o.result() == ClientAction.Result.TURNED_AWAY), "four sends, then it gives up");
  }

  @Test
  void aOneShotClientThatResendsAtOnceIgnoresBeingToldNotToComeBack() {
    Client c = new Client(PolicyCatalog.get("box").withRetryAfter(RetryAfter.AT_ONCE).client(), 100);
    c.arrive(0, 1, 60);
    int copy = sends(c).get(0).copy();
    c.refused(0, copy, -1);
    assertEquals(RetryAfter.AT_ONCE_S, c.nextWakeup(), 1e-12);
    c.tick(RetryAfter.AT_ONCE_S);
    assertEquals(1, sends(c).size(), "sent again, once (a one-shot client sends at most twice)");
    Client honours = new Client(PolicyCatalog.get("box").client(), 100);
    honours.arrive(0, 1, 60);
    honours.refused(0, sends(honours).get(0).copy(), -1);
    assertEquals(Double.POSITIVE_INFINITY, honours.nextWakeup(), "the honouring client does not come back");
  }

  @Test
  void honouringIsWrittenAsBeforeAndTheOthersByName() {
    PolicySpec box = PolicyCatalog.get("box");
    assertEquals(DataFile.compact(box), DataFile.compact(box.withRetryAfter(RetryAfter.HONOUR)));
    String backoff = DataFile.compact(box.withRetryAfter(RetryAfter.BACKOFF));
    assertTrue(backoff.contains("\"retry_after\":\"backoff\""), backoff);
    assertEquals(RetryAfter.BACKOFF, DataFile.parse(backoff, "test", PolicySpec.class).client().retryAfter());
  }
}
