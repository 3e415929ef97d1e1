package helperlab.study;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import helperlab.model.DataFile;
import helperlab.model.DataFileException;
import helperlab.model.RunMetrics;
import helperlab.workload.DownSpells;
import helperlab.workload.Recovery;
import helperlab.workload.Trigger;

/**
 * One line of a sweep's runs.jsonl: which run, its metrics, when it tipped over ({@code tipped_at_s}, null when it
 * never did: {@code workload.Tipping}; every row has it), whether it was never healthy ({@code never_healthy}: its
 * first state after the warm-up was down, so it has no tip time) and the price of a helper's start on its machine
 * in images of its mix ({@code helper_start_images}); rows written before issue 43 lack those two (null), and their
 * {@code tipped_at_s} is the old criterion's. A study's run also names its study, its trigger and the
 * recovery from it, or the spawn cost it was run at, and a phase study's run its {@code offered_load}, its
 * {@code client} (how it re-sends a refusal), its {@code forecast_bias} (work over forecast) and its {@code down}
 * spells ({@link DownSpells}); the main sweep's rows leave those out.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"study", "scenario", "offered_load", "policy", "machine", "seed", "admission", "client",
    "forecast_bias", "trigger", "spawn_cost_s", "helper_start_images"})
public record RunRow(
    @JsonProperty("scenario") String scenario,
    @JsonProperty("policy") String policy,
    @JsonProperty("machine") String machine,
    @JsonProperty("seed") long seed,
    @JsonProperty("admission") String admission,
    @JsonUnwrapped RunMetrics metrics,
    @JsonProperty("tipped_at_s") @JsonInclude(JsonInclude.Include.ALWAYS) Double tippedAtS,
    @JsonProperty("study") String study,
    @JsonProperty("trigger") Trigger trigger,
    @JsonProperty("spawn_cost_s") Double spawnCostS,
    @JsonProperty("recovery") Recovery recovery,
    @JsonProperty("offered_load") Double offeredLoad,
    @JsonProperty("client") String client,
    @JsonProperty("forecast_bias") Double forecastBias,
    @JsonProperty("down") DownSpells down,
    @JsonProperty("never_healthy") Boolean neverHealthy,
    @JsonProperty("helper_start_images") Double helperStartImages) {

  /** A row as written before issue 43: no "never healthy", no helper price. */
  public RunRow(String scenario, String policy, String machine, long seed, String admission, RunMetrics metrics,
      Double tippedAtS, String study, Trigger trigger, Double spawnCostS, Recovery recovery, Double offeredLoad,
      String client, Double forecastBias, DownSpells down) {
    this(scenario, policy, machine, seed, admission, metrics, tippedAtS, study, trigger, spawnCostS, recovery,
        offeredLoad, client, forecastBias, down, null, null);
  }

  /** A row without the phase study's client, forecast bias and down spells. */
  public RunRow(String scenario, String policy, String machine, long seed, String admission, RunMetrics metrics,
      Double tippedAtS, String study, Trigger trigger, Double spawnCostS, Recovery recovery, Double offeredLoad) {
    this(scenario, policy, machine, seed, admission, metrics, tippedAtS, study, trigger, spawnCostS, recovery,
        offeredLoad, null, null, null, null, null);
  }

  /** A row at its scenario's own load (all but the phase study's). */
  public RunRow(String scenario, String policy, String machine, long seed, String admission, RunMetrics metrics,
      Double tippedAtS, String study, Trigger trigger, Double spawnCostS, Recovery recovery) {
    this(scenario, policy, machine, seed, admission, metrics, tippedAtS, study, trigger, spawnCostS, recovery, null);
  }

  /** A row of the main sweep. */
  public RunRow(String scenario, String policy, String machine, long seed, String admission, RunMetrics metrics,
      Double tippedAtS) {
    this(scenario, policy, machine, seed, admission, metrics, tippedAtS, null, null, null, null);
  }

  /** A row of the main sweep that never tipped. */
  public RunRow(String scenario, String policy, String machine, long seed, String admission, RunMetrics metrics) {
    this(scenario, policy, machine, seed, admission, metrics, null);
  }

  /** A study's row that never tipped. */
  public RunRow(String scenario, String policy, String machine, long seed, String admission, RunMetrics metrics,
      String study, Trigger trigger, Double spawnCostS, Recovery recovery) {
    this(scenario, policy, machine, seed, admission, metrics, null, study, trigger, spawnCostS, recovery);
  }

  /** Tipped (from healthy into down) or never healthy: not healthy throughout. */
  public boolean everDown() {
    return tippedAtS != null || Boolean.TRUE.equals(neverHealthy);
  }

  /** Late among the tasks admitted (met or late), NaN when none was. */
  public double lateShareOfAdmitted() {
    long settled = metrics.met() + metrics.late();
    return settled == 0 ? Double.NaN : (double) metrics.late() / settled;
  }

  /** What sets this row's cell apart from others of the same scenario, policy, machine and admission. */
  public String condition() {
    if (offeredLoad != null) {
      StringBuilder c = new StringBuilder(String.format(java.util.Locale.ROOT, "load %.2f", offeredLoad));
      if (trigger != null) {
        c.append(", ").append(trigger.label()).append(String.format(java.util.Locale.ROOT, " %.0f s", trigger.durationS()));
      }
      if (spawnCostS != null && helperStartImages != null) { // a run on the price axis
        c.append(", a helper ").append(new java.math.BigDecimal(String.format(java.util.Locale.ROOT, "%.2g",
            helperStartImages)).stripTrailingZeros().toPlainString()).append(" images");
      }
      if (client != null && !client.equals(helperlab.policy.PolicySpec.RetryAfter.HONOUR.id())) {
        c.append(", client ").append(client);
      }
      if (forecastBias != null && forecastBias != 1) {
        c.append(String.format(java.util.Locale.ROOT, ", bias x%.2g", forecastBias));
      }
      return c.toString();
    }
    if (trigger != null) {
      return trigger.label();
    }
    if (spawnCostS != null) {
      return "spawn " + spawnCostS + " s";
    }
    return "";
  }

  /** Reads one line of runs.jsonl; errors name {@code source} and the field. */
  public static RunRow parse(String line, String source) {
    JsonNode node = DataFile.parse(line, source, JsonNode.class);
    if (!(node instanceof ObjectNode o)) {
      throw new DataFileException(source + ": expected a JSON object");
    }
    String scenario = text(o, "scenario", source);
    String policy = text(o, "policy", source);
    String machine = text(o, "machine", source);
    String admission = text(o, "admission", source);
    JsonNode seed = o.remove("seed");
    if (seed == null || !seed.canConvertToLong()) {
      throw new DataFileException(source + ": missing required field 'seed' (a whole number)");
    }
    JsonNode study = o.remove("study");
    JsonNode trigger = o.remove("trigger");
    JsonNode spawn = o.remove("spawn_cost_s");
    JsonNode recovery = o.remove("recovery");
    JsonNode tipped = o.remove("tipped_at_s");
    JsonNode load = o.remove("offered_load");
    JsonNode client = o.remove("client");
    JsonNode bias = o.remove("forecast_bias");
    JsonNode down = o.remove("down");
    JsonNode never = o.remove("never_healthy");
    JsonNode price = o.remove("helper_start_images");
    RunMetrics metrics = DataFile.parse(o.toString(), source, RunMetrics.class);
    return new RunRow(scenario, policy, machine, seed.asLong(), admission, metrics,
        tipped == null || tipped.isNull() ? null : tipped.asDouble(),
        study == null ? null : study.asText(),
        trigger == null ? null : DataFile.parse(trigger.toString(), source + " trigger", Trigger.class),
        spawn == null ? null : spawn.asDouble(),
        recovery == null ? null : DataFile.parse(recovery.toString(), source + " recovery", Recovery.class),
        load == null || load.isNull() ? null : load.asDouble(),
        client == null || client.isNull() ? null : client.asText(),
        bias == null || bias.isNull() ? null : bias.asDouble(),
        down == null || down.isNull() ? null : DataFile.parse(down.toString(), source + " down", DownSpells.class),
        never == null || never.isNull() ? null : never.asBoolean(),
        price == null || price.isNull() ? null : price.asDouble());
  }

  private static String text(ObjectNode o, String field, String source) {
    JsonNode v = o.remove(field);
    if (v == null || !v.isTextual()) {
      throw new DataFileException(source + ": missing required field '" + field + "' (text)");
    }
    return v.asText();
  }
}
