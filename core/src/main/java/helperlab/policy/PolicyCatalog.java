package helperlab.policy;

import helperlab.policy.PolicySpec.ClientSettings;
import helperlab.policy.PolicySpec.ClientMode;
import helperlab.policy.PolicySpec.Family;
import helperlab.policy.PolicySpec.Order;
import helperlab.policy.PolicySpec.Pool;
import helperlab.policy.PolicySpec.Scaling;
import helperlab.policy.PolicySpec.ScalingMode;
import helperlab.policy.PolicySpec.Split;
import helperlab.policy.PolicySpec.CallForHelp;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The seventeen policies by id, with the knobs they are run with; and the budget policies of the
 * metastability study (retry budgets after Envoy and the SRE book, help budgets), which the main
 * sweep leaves out unless named.
 */
public final class PolicyCatalog {
  /** An idle pool worker exits after this long: PHP-FPM's default process_idle_timeout. */
  static final double POOL_IDLE_TIMEOUT_S = 10;
  /** A late helper splits at most this often. */
  static final double SPLIT_COOLDOWN_S = 2;
  /** The timer calls a task late once half its deadline window has passed. */
  static final double TIMER_FRACTION = 0.5;

  private static final Map<String, PolicySpec> POLICIES = build();
  private static final Map<String, PolicySpec> BUDGET_POLICIES = buildBudgets();

  private PolicyCatalog() {}

  private static Map<String, PolicySpec> build() {
    Map<String, PolicySpec> m = new LinkedHashMap<>();
    add(m, helpers("never-split", false, CallForHelp.NONE, false));
    add(m, helpers("never-split-budget", true, CallForHelp.NONE, false));
    add(m, pool("pool-fifo-1", Order.FIFO, 1));
    add(m, pool("pool-fifo-10", Order.FIFO, 10));
    add(m, pool("pool-edf-1", Order.EDF, 1));
    add(m, pool("pool-edf-10", Order.EDF, 10));
    add(m, pool("pool-edf-50", Order.EDF, 50));
    add(m, helpers("box", false, CallForHelp.TIMER, false));
    add(m, helpers("split-forecast", false, CallForHelp.FORECAST, false));
    add(m, helpers("split-timer-budget", true, CallForHelp.TIMER, false));
    add(m, helpers("split-forecast-budget", true, CallForHelp.FORECAST, false));
    add(m, helpers("split-timer-budget-yield", true, CallForHelp.TIMER, true));
    add(m, helpers("split-forecast-budget-yield", true, CallForHelp.FORECAST, true));
    // Lag autoscaler without safeguards: every sync it jumps straight to the backlog's size.
    add(m, autoscale("autoscale-lag", new Scaling(ScalingMode.LAG, 15, 10, 0, 0, 1e9, false)));
    // Kubernetes HPA defaults (15 s sync, 10% tolerance, 300 s scale-down stabilisation, at most
    // doubling per step), capped at the cage's worker budget.
    add(m, autoscale("autoscale-lag-capped", new Scaling(ScalingMode.HPA, 15, 10, 0.1, 300, 2, true)));
    add(m, retrying("retry-client", ClientMode.RETRY));
    // gRPC retry throttling: maxTokens 10, tokenRatio 0.1.
    add(m, retrying("retry-client-budget", ClientMode.RETRY_THROTTLED));
    return m;
  }

  private static Map<String, PolicySpec> buildBudgets() {
    Map<String, PolicySpec> m = new LinkedHashMap<>();
    // Envoy's retry budget: retries in flight at most 20% of requests in flight, at least 3.
    add(m, new PolicySpec("retry-client-envoy", Family.HELPERS, false, null, null, null,
        new ClientSettings(ClientMode.RETRY_BUDGET, 0.5, 4, 10, 0.1, 0.2, 3)));
    // The SRE book: per client, retries at most 10% of requests, at most 3 attempts.
    add(m, new PolicySpec("retry-client-sre", Family.HELPERS, false, null, null, null,
        new ClientSettings(ClientMode.RETRY_RATIO, 0.5, 3, 10, 0.1, 0.1, null)));
    // Help budgets: the box and the forecast splitter without a worker budget, but with extra helpers at
    // most 10/20/50% of the tasks in flight, at least 3 (Envoy's minimum).
    for (int percent : new int[] {10, 20, 50}) {
      add(m, helpBudget("box-help-" + percent, CallForHelp.TIMER, percent / 100.0));
    }
    add(m, helpBudget("split-forecast-help-20", CallForHelp.FORECAST, 0.2));
    // The same help budgets with a smaller minimum: at the loads the box survives a few tasks are in flight, so
    // ratio × in flight stays under 3 and Envoy's minimum of 3 is the budget (box-help-10/20/50 run alike); with
    // a minimum of 1 (or none) the ratio is what binds.
    for (int percent : new int[] {10, 20, 50}) {
      add(m, helpBudget("box-help-" + percent + "-min1", CallForHelp.TIMER, percent / 100.0, 1));
    }
    add(m, helpBudget("box-help-20-min0", CallForHelp.TIMER, 0.2, 0));
    return m;
  }

  private static PolicySpec helpBudget(String id, CallForHelp trigger, double ratio) {
    return helpBudget(id, trigger, ratio, 3);
  }

  private static PolicySpec helpBudget(String id, CallForHelp trigger, double ratio, int min) {
    return new PolicySpec(id, Family.HELPERS, false, null, new Split(trigger, TIMER_FRACTION, SPLIT_COOLDOWN_S, false),
        null, null, new PolicySpec.HelpBudgetSettings(ratio, min));
  }

  private static void add(Map<String, PolicySpec> m, PolicySpec p) {
    m.put(p.id(), p);
  }

  private static PolicySpec helpers(String id, boolean budget, CallForHelp trigger, boolean yieldToUrgent) {
    return new PolicySpec(id, Family.HELPERS, budget, null,
        new Split(trigger, TIMER_FRACTION, SPLIT_COOLDOWN_S, yieldToUrgent), null, null);
  }

  private static PolicySpec pool(String id, Order order, int chunk) {
    return new PolicySpec(id, Family.POOL, true, new Pool(order, chunk, POOL_IDLE_TIMEOUT_S), null, null, null);
  }

  private static PolicySpec autoscale(String id, Scaling scaling) {
    return new PolicySpec(id, Family.POOL, scaling.capped(), new Pool(Order.EDF, 10, POOL_IDLE_TIMEOUT_S),
        null, scaling, null);
  }

  /** A retrying client in front of the one-helper-per-task service: every retry starts a process. */
  private static PolicySpec retrying(String id, ClientMode mode) {
    return new PolicySpec(id, Family.HELPERS, false, null, null, null, new ClientSettings(mode, 0.5, 4, 10, 0.1));
  }

  public static List<String> ids() {
    return List.copyOf(POLICIES.keySet());
  }

  /** The budget policies (retry and help budgets), not in {@link #ids()}. */
  public static List<String> budgetIds() {
    return List.copyOf(BUDGET_POLICIES.keySet());
  }

  public static PolicySpec get(String id) {
    PolicySpec p = POLICIES.get(id);
    if (p == null) {
      p = BUDGET_POLICIES.get(id);
    }
    if (p == null) {
      throw new IllegalArgumentException("unknown policy '" + id + "'; known: " + String.join(", ", ids())
          + "; budget policies: " + String.join(", ", budgetIds()));
    }
    return p;
  }

  public static boolean has(String id) {
    return POLICIES.containsKey(id) || BUDGET_POLICIES.containsKey(id);
  }
}
