package helperlab.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The retry budgets beside gRPC's throttle: Envoy's, and the SRE book's per-client ratio. */
class RetryBudgetTest {
  @Test
  void envoyAllowsRetriesUpToTwentyPercentOfActiveRequestsButAlwaysThree() {
    EnvoyRetryBudget b = new EnvoyRetryBudget(0.2, 3);
    for (int i = 0; i < 10; i++) {
      b.sent(0, false);
    }
    int allowed = retriesUntilRefused(b);
    assertEquals(3, allowed, "20% of 10 is 2, but the minimum is 3");
    for (int i = 0; i < 50; i++) {
      b.sent(0, false);
    }
    assertEquals(63, b.activeRequests());
    // 63 active (3 of them retries); each retry sent is active too: 3 + k < 0.2 (63 + k) while k < 12
    assertEquals(12, retriesUntilRefused(b));
    assertEquals(15, b.activeRetries());
    assertFalse(b.allowsRetry(0));
    b.ended(true);
    assertTrue(b.allowsRetry(0), "a retry that ends frees its place");
  }

  private static int retriesUntilRefused(RetryBudget b) {
    int n = 0;
    while (b.allowsRetry(0) && n < 1000) {
      b.sent(0, true);
      n++;
    }
    return n;
  }

  @Test
  void theSreRatioKeepsRetriesBelowTenPercentOfSendsInTheLastMinute() {
    RetryRatioBudget b = new RetryRatioBudget(0.1, 60);
    assertFalse(b.allowsRetry(0), "no sends, no budget");
    for (int i = 0; i < 100; i++) {
      b.sent(i * 0.1, false);
    }
    int retries = 0;
    while (b.allowsRetry(10)) {
      b.sent(10, true);
      retries++;
    }
    assertEquals(11, retries);
    assertTrue((double) b.retriesInWindow() / b.requestsInWindow() <= 0.1, "11 of 111 sends");
    assertFalse(b.allowsRetry(10));
    assertFalse(b.allowsRetry(69), "the early first sends have left the window, the retries have not");
    assertEquals(20, b.requestsInWindow());
    b.sent(75, false);
    assertEquals(1, b.requestsInWindow(), "a minute after them, the early sends have left the window");
  }

  @Test
  void theSreClientSendsATaskAtMostThreeTimes() {
    Client c = new Client(PolicyCatalog.get("retry-client-sre").client(), 10_000);
    // many tasks in flight, so the ratio leaves room: one task that never answers is still sent only 3 times
    for (int task = 0; task < 200; task++) {
      c.arrive(0, task, 1000);
      c.admitted(0, task);
    }
    c.drain();
    int sends = 0;
    for (double t = 500; t <= 1000; t += 1) {
      c.tick(t);
      for (ClientAction a : c.drain()) {
        if (a instanceof ClientAction.Send s && s.task() == 7) {
          sends++;
          c.admitted(t, s.copy());
        }
      }
    }
    assertTrue(sends <= 2, "3 attempts: the first and at most 2 retries, got " + (sends + 1));
  }

  @Test
  void anEnvoyClientStopsRetryingWhenRetriesFillItsBudget() {
    Client c = new Client(PolicyCatalog.get("retry-client-envoy").client(), 10_000);
    for (int task = 0; task < 100; task++) {
      c.arrive(0, task, 10);
      c.admitted(0, task);
    }
    c.drain();
    c.tick(5); // every task times out at once
    List<ClientAction> actions = c.drain();
    long retries = actions.stream().filter(a -> a instanceof ClientAction.Send).count();
    // 100 active: 20 retries; each retry is itself active, so the budget is checked as they go
    assertTrue(retries >= 20 && retries <= 25, "about 20% of 100 active requests, got " + retries);
    Client unbudgeted = new Client(PolicyCatalog.get("retry-client").client(), 10_000);
    for (int task = 0; task < 100; task++) {
      unbudgeted.arrive(0, task, 10);
      unbudgeted.admitted(0, task);
    }
    unbudgeted.drain();
    unbudgeted.tick(5);
    assertEquals(100, unbudgeted.drain().stream().filter(a -> a instanceof ClientAction.Send).count());
  }
}
