package helperlab.lab.viewmodel;

import helperlab.lab.viewmodel.PolicyField.Kind;
import helperlab.policy.PolicySpec;
import helperlab.policy.PolicySpec.CallForHelp;
import helperlab.policy.PolicySpec.ClientSettings;
import helperlab.policy.PolicySpec.ClientMode;
import helperlab.policy.PolicySpec.Family;
import helperlab.policy.PolicySpec.HelpBudgetSettings;
import helperlab.policy.PolicySpec.Order;
import helperlab.policy.PolicySpec.Pool;
import helperlab.policy.PolicySpec.RetryAfter;
import helperlab.policy.PolicySpec.Scaling;
import helperlab.policy.PolicySpec.ScalingMode;
import helperlab.policy.PolicySpec.Split;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every knob of a {@link PolicySpec} as a field of the policy form, and the way back: the fields read into a spec,
 * or each wrong field told what is wrong in plain words (never a parser's: "Images at a time (pool.chunk): 99999999999
 * is too large, at most 2147483647"). A pool's knobs are kept while a helper policy is edited (hidden, not lost), so
 * switching the family back and forth loses nothing.
 */
final class PolicyFormFields {
  static final String POLICY = "POLICY";
  static final String HELP = "CALL FOR HELP";
  static final String BUDGET = "HELP BUDGET";
  static final String POOL = "POOL";
  static final String SCALING = "AUTOSCALER";
  static final String CLIENT = "CLIENT";
  /** A pool's knobs when the policy edited has none (a helper policy): the catalogue's pool-edf-10. */
  private static final Pool DEFAULT_POOL = new Pool(Order.EDF, 10, 10);
  private static final HelpBudgetSettings DEFAULT_HELP = new HelpBudgetSettings(0.2, 3);

  private final Map<String, PolicyField> fields = new LinkedHashMap<>();

  PolicyFormFields() {
    add("id", POLICY, "Id", "its name in runs, tables and files: lower-case letters, digits and '-'", Kind.TEXT);
    choice("family", POLICY, "Family", "pool: long-lived workers share one queue; helpers: a helper per task, who may "
        + "call more", words(Family.values()));
    add("budgeted", POLICY, "Worker budget", "at most the machine's worker budget of processes at once", Kind.FLAG);
    choice("split.trigger", HELP, "Calls for help", "when a late helper splits its task with a new helper: never "
        + "(none), past a share of its deadline window (timer), or when it forecasts it will be late (forecast)",
        words(CallForHelp.values()));
    add("split.timer_fraction", HELP, "Timer share", "the share of a task's deadline window after which the timer "
        + "calls it late, 0 to 1", Kind.DECIMAL);
    add("split.cooldown_s", HELP, "Cool-down (s)", "the least time between two splits of one helper", Kind.DECIMAL);
    add("split.yield", HELP, "Yield to urgent", "a helper gives its worker to a more urgent task between images "
        + "(needs the worker budget)", Kind.FLAG);
    add("help_budget.on", BUDGET, "Help budget", "helpers beyond each task's first are rationed", Kind.FLAG);
    add("help_budget.ratio", BUDGET, "Ratio", "extra helpers at most this share of the tasks in flight", Kind.DECIMAL);
    add("help_budget.min", BUDGET, "Minimum", "extra helpers always allowed, whatever the ratio", Kind.WHOLE);
    choice("pool.order", POOL, "Queue order", "first come first served (fifo) or earliest deadline first (edf)",
        words(Order.values()));
    add("pool.chunk", POOL, "Images at a time", "images a worker takes from the queue at once, 1 to 10000",
        Kind.WHOLE);
    add("pool.idle_timeout_s", POOL, "Idle timeout (s)", "an idle worker exits after this long", Kind.DECIMAL);
    choice("scaling.mode", SCALING, "Autoscaler", "fixed: no autoscaling; lag: size to the backlog each sync; hpa: "
        + "as Kubernetes' HPA, with tolerance and a scale-down window", words(ScalingMode.values()));
    add("scaling.sync_s", SCALING, "Sync every (s)", "how often the autoscaler sets the size", Kind.DECIMAL);
    add("scaling.target_lag_s", SCALING, "Target backlog (s)", "seconds of queued work per worker it aims at",
        Kind.DECIMAL);
    add("scaling.tolerance", SCALING, "Tolerance", "no change while within this share of the target, 0 to below 1",
        Kind.DECIMAL);
    add("scaling.down_window_s", SCALING, "Scale-down window (s)", "it shrinks to the largest size asked for in this "
        + "long", Kind.DECIMAL);
    add("scaling.max_step_factor", SCALING, "Largest step (×)", "the most one sync may multiply the size by, 1 or more",
        Kind.DECIMAL);
    add("scaling.capped", SCALING, "Capped at budget", "never more workers than the worker budget", Kind.FLAG);
    choice("client.mode", CLIENT, "Client", "one_shot: sends once; retry: re-sends a task with no answer; the others "
        + "ration retries (gRPC throttling, Envoy's budget, the SRE book's ratio)", words(ClientMode.values()));
    add("client.timeout_fraction", CLIENT, "Timeout share", "a retrying client re-sends after this share of the "
        + "deadline window, above 0 to 1", Kind.DECIMAL);
    add("client.max_attempts", CLIENT, "Attempts", "sends of one task at most, 1 to 100", Kind.WHOLE);
    add("client.max_tokens", CLIENT, "Tokens", "the throttled client's token bucket, above 0", Kind.DECIMAL);
    add("client.token_ratio", CLIENT, "Token ratio", "tokens back per success, above 0", Kind.DECIMAL);
    optional("client.budget_ratio", CLIENT, "Retry ratio", "retries at most this share (0 to 1); empty: the "
        + "mode's default", Kind.DECIMAL);
    optional("client.budget_min", CLIENT, "Retry minimum", "retries always allowed; empty: the mode's default",
        Kind.WHOLE);
    choice("client.retry_after", CLIENT, "On refusal", "honour the Retry-After it is given, re-send at once, or back "
        + "off on its own", Arrays.stream(RetryAfter.values()).map(RetryAfter::id).toList());
  }

  private static List<String> words(Enum<?>[] values) {
    return Arrays.stream(values).map(v -> v.name().toLowerCase(Locale.ROOT)).toList();
  }

  private void add(String key, String section, String label, String hint, Kind kind) {
    fields.put(key, PolicyField.of(key, section, label, hint, kind, List.of(), false));
  }

  private void optional(String key, String section, String label, String hint, Kind kind) {
    fields.put(key, PolicyField.of(key, section, label, hint, kind, List.of(), true));
  }

  private void choice(String key, String section, String label, String hint, List<String> choices) {
    fields.put(key, PolicyField.of(key, section, label, hint, Kind.CHOICE, choices, false));
  }

  List<PolicyField> all() {
    return List.copyOf(fields.values());
  }

  PolicyField get(String key) {
    PolicyField f = fields.get(key);
    if (f == null) {
      throw new IllegalArgumentException("the policy form has no field '" + key + "'");
    }
    return f;
  }

  private void set(String key, Object value) {
    get(key).text().set(value == null ? "" : value instanceof Enum<?> e ? e.name().toLowerCase(Locale.ROOT)
        : value instanceof Double d ? plain(d) : String.valueOf(value));
  }

  /** A number as a person writes it: 10, not 10.0; 1000000000, not 1.0E9. */
  static String plain(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d)
        : java.math.BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
  }

  /** Shows {@code p} in the fields. */
  void show(PolicySpec p) {
    set("id", p.id());
    set("family", p.family());
    set("budgeted", p.budgeted());
    Split s = p.split();
    set("split.trigger", s.trigger());
    set("split.timer_fraction", s.timerFraction());
    set("split.cooldown_s", s.cooldownS());
    set("split.yield", s.yieldToUrgent());
    HelpBudgetSettings h = p.helpBudget() != null ? p.helpBudget() : DEFAULT_HELP;
    set("help_budget.on", p.helpBudget() != null);
    set("help_budget.ratio", h.ratio());
    set("help_budget.min", h.min());
    Pool pool = p.pool() != null ? p.pool() : DEFAULT_POOL;
    set("pool.order", pool.order());
    set("pool.chunk", pool.chunk());
    set("pool.idle_timeout_s", pool.idleTimeoutS());
    Scaling sc = p.scaling();
    set("scaling.mode", sc.mode());
    set("scaling.sync_s", sc.syncS());
    set("scaling.target_lag_s", sc.targetLagS());
    set("scaling.tolerance", sc.tolerance());
    set("scaling.down_window_s", sc.downWindowS());
    set("scaling.max_step_factor", sc.maxStepFactor());
    set("scaling.capped", sc.capped());
    ClientSettings c = p.client();
    set("client.mode", c.mode());
    set("client.timeout_fraction", c.timeoutFraction());
    set("client.max_attempts", c.maxAttempts());
    set("client.max_tokens", c.maxTokens());
    set("client.token_ratio", c.tokenRatio());
    set("client.budget_ratio", c.budgetRatio());
    set("client.budget_min", c.budgetMin());
    get("client.retry_after").text().set(c.retryAfterOrHonour().id());
    showSections();
  }

  /** Shows the sections the family chosen uses: call for help and help budget for helpers, pool and autoscaler for a pool. */
  void showSections() {
    boolean pool = "pool".equals(get("family").text().get());
    boolean budget = !pool && "true".equals(get("help_budget.on").text().get());
    for (PolicyField f : fields.values()) {
      f.shown().set(switch (f.section()) {
        case HELP -> !pool;
        case BUDGET -> !pool && (f.key().equals("help_budget.on") || budget);
        case POOL, SCALING -> pool;
        default -> true;
      });
    }
  }

  /** What the fields say, or null with each wrong field's {@link PolicyField#problem()} set. */
  PolicySpec read(String id) {
    fields.values().forEach(f -> f.problem().set(""));
    Reader r = new Reader();
    Family family = r.choice("family", Family.class);
    boolean budgeted = r.flag("budgeted");
    Split split = r.build(() -> new Split(r.choice("split.trigger", CallForHelp.class), r.decimal("split.timer_fraction"),
        r.decimal("split.cooldown_s"), r.flag("split.yield")));
    boolean pooled = family == Family.POOL;
    Pool pool = pooled ? r.build(() -> new Pool(r.choice("pool.order", Order.class), r.whole("pool.chunk"),
        r.decimal("pool.idle_timeout_s"))) : null;
    Scaling scaling = r.build(() -> new Scaling(r.choice("scaling.mode", ScalingMode.class), r.decimal("scaling.sync_s"),
        r.decimal("scaling.target_lag_s"), r.decimal("scaling.tolerance"), r.decimal("scaling.down_window_s"),
        r.decimal("scaling.max_step_factor"), r.flag("scaling.capped")));
    String after = get("client.retry_after").text().get();
    ClientSettings client = r.build(() -> new ClientSettings(r.choice("client.mode", ClientMode.class),
        r.decimal("client.timeout_fraction"), r.whole("client.max_attempts"), r.decimal("client.max_tokens"),
        r.decimal("client.token_ratio"), r.optionalDecimal("client.budget_ratio"), r.optionalWhole("client.budget_min"),
        "honour".equals(after) ? null : RetryAfter.of(after)));
    HelpBudgetSettings help = !pooled && r.flag("help_budget.on")
        ? r.build(() -> new HelpBudgetSettings(r.decimal("help_budget.ratio"), r.whole("help_budget.min"))) : null;
    if (r.failed) {
      return null;
    }
    return r.build(() -> new PolicySpec(id, family, budgeted, pool, split, scaling, client, help));
  }

  /** Reads the fields, noting each problem on its field rather than stopping at the first. */
  private final class Reader {
    boolean failed;

    private String text(String key) {
      return get(key).text().get() == null ? "" : get(key).text().get().trim();
    }

    private void wrong(String key, String what) {
      PolicyField f = get(key);
      if (f.problem().get().isEmpty()) {
        f.problem().set(what);
      }
      failed = true;
    }

    <E extends Enum<E>> E choice(String key, Class<E> type) {
      try {
        return Enum.valueOf(type, text(key).toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        wrong(key, "choose one of " + String.join(", ", get(key).choices()));
        return type.getEnumConstants()[0];
      }
    }

    boolean flag(String key) {
      return "true".equals(text(key));
    }

    double decimal(String key) {
      String t = text(key);
      if (t.isEmpty()) {
        wrong(key, "give a number");
        return 1;
      }
      if (!t.matches("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?")) {
        wrong(key, "'" + t + "' is not a number (write it like 0.5 or 10)");
        return 1;
      }
      double d = Double.parseDouble(t);
      if (Double.isInfinite(d)) {
        wrong(key, "'" + t + "' is too large a number");
        return 1;
      }
      return d;
    }

    int whole(String key) {
      String t = text(key);
      if (t.isEmpty()) {
        wrong(key, "give a whole number");
        return 1;
      }
      if (!t.matches("[-+]?\\d+")) {
        wrong(key, "'" + t + "' is not a whole number (write it like 3, without a point)");
        return 1;
      }
      BigInteger v = new BigInteger(t);
      if (v.bitLength() > 31) {
        boolean small = v.signum() < 0;
        wrong(key, t + " is too " + (small ? "small" : "large") + ": at " + (small ? "least " + Integer.MIN_VALUE
            : "most " + Integer.MAX_VALUE));
        return 1;
      }
      return v.intValue();
    }

    Double optionalDecimal(String key) {
      return text(key).isEmpty() ? null : decimal(key);
    }

    Integer optionalWhole(String key) {
      return text(key).isEmpty() ? null : whole(key);
    }

    /** Builds a part of the policy; its own check's message goes to the field it names, in the form's words. */
    <T> T build(java.util.function.Supplier<T> part) {
      try {
        return part.get();
      } catch (IllegalArgumentException e) {
        String m = e.getMessage() == null ? "is not valid" : e.getMessage();
        PolicyField to = fields.values().stream().filter(f -> m.startsWith(f.key() + " ") || m.contains(" " + f.key()
            + " ")).findFirst().orElse(null);
        if (to == null) {
          to = m.startsWith("policy id") ? get("id") : m.startsWith("yield") ? get("split.yield")
              : m.startsWith("help_budget") ? get("help_budget.on") : get("family");
        }
        // "pool.chunk must be ..." is said on the field as "must be ..."; a sentence about two fields is kept whole
        wrong(to.key(), m.startsWith(to.key() + " must") ? m.substring(to.key().length() + 1) : m);
        return null;
      }
    }
  }

  /** Every problem, one a line, each naming its field ("Images at a time (pool.chunk): must be ..."). */
  String problems() {
    List<String> lines = new ArrayList<>();
    for (PolicyField f : fields.values()) {
      if (!f.problem().get().isEmpty()) {
        lines.add(f.named() + ": " + f.problem().get());
      }
    }
    return String.join("\n", lines);
  }
}
