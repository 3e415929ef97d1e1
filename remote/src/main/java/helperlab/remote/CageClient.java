package helperlab.remote;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import helperlab.model.DataFile;
import helperlab.workload.Trigger;

/**
 * Requests to a cage's {@code ctl}, one at a time over one control channel: each request is one JSON
 * object on a line, each answer one line with {@code ok} (and {@code error} when false). Values such
 * as policy names travel inside the JSON, never as command-line words. A dropped channel is opened
 * again on the next request.
 */
public final class CageClient implements AutoCloseable {
  /** Long enough for a waited exhibit (one minute plus grace) or a large record. */
  public static final long REPLY_TIMEOUT_MS = 300_000;

  private final ControlTransport transport;
  private LineChannel channel;

  public CageClient(ControlTransport transport) {
    this.transport = transport;
  }

  public ControlTransport transport() {
    return transport;
  }

  /** Sends one request and returns its answer; an answer with {@code ok:false} is a {@link ControlException}. */
  public synchronized JsonNode request(ObjectNode request) throws ControlException {
    return request(request, REPLY_TIMEOUT_MS);
  }

  public synchronized JsonNode request(ObjectNode request, long timeoutMs) throws ControlException {
    String line = request.toString();
    if (channel == null || !channel.isOpen()) {
      channel = transport.open();
    }
    try {
      channel.send(line);
      return check(parse(channel.receive(timeoutMs), channel.peer()));
    } catch (ControlException e) {
      if (e.kind() != ControlException.Kind.REMOTE_ERROR) {
        channel.close();
        channel = null;
      }
      throw e;
    }
  }

  public JsonNode status() throws ControlException {
    return request(op("status"));
  }

  public JsonNode setPolicy(String policy) throws ControlException {
    return request(op("set-policy").put("policy", policy));
  }

  public JsonNode press(String scenario) throws ControlException {
    return request(op("press").put("scenario", scenario));
  }

  /** Starts a one-minute exhibit; returns at once with the run id (follow it for the events). */
  public JsonNode exhibit(String policy, String scenario, long seed, double durationS) throws ControlException {
    return exhibit(policy, scenario, seed, durationS, null);
  }

  /**
   * Starts an exhibit with a trigger (null: none), sent as the simulator's trigger JSON under
   * {@code trigger}; returns at once with the run id.
   */
  public JsonNode exhibit(String policy, String scenario, long seed, double durationS, Trigger trigger)
      throws ControlException {
    ObjectNode req = op("exhibit").put("policy", policy).put("scenario", scenario).put("seed", seed)
        .put("duration_s", durationS);
    if (trigger != null) {
      req.set("trigger", DataFile.JSON.valueToTree(trigger));
    }
    return request(req);
  }

  /**
   * Measures the cage ({@code calibrate}; {@code quick}: the short ladder): each line it prints goes to
   * {@code progress} as it comes; returns the final answer (the calibration's name, how long it took).
   */
  public JsonNode calibrate(boolean quick, java.util.function.Consumer<String> progress) throws ControlException {
    return calibrate(quick, false, progress);
  }

  /**
   * As {@link #calibrate(boolean, java.util.function.Consumer)}; {@code force}: a doubtful result replaces
   * the cage's steady calibration (without it the cage keeps its own and answers {@code ok: false}).
   */
  public synchronized JsonNode calibrate(boolean quick, boolean force, java.util.function.Consumer<String> progress)
      throws ControlException {
    if (channel == null || !channel.isOpen()) {
      channel = transport.open();
    }
    try {
      channel.send(op("calibrate").put("quick", quick).put("force", force).toString());
      while (true) {
        JsonNode r = check(parse(channel.receive(REPLY_TIMEOUT_MS), channel.peer()));
        if (!"progress".equals(r.path("type").asText())) {
          return r;
        }
        progress.accept(r.path("line").asText());
      }
    } catch (ControlException e) {
      if (e.kind() != ControlException.Kind.REMOTE_ERROR) {
        channel.close();
        channel = null;
      }
      throw e;
    }
  }

  public JsonNode runs() throws ControlException {
    return request(op("runs"));
  }

  /** A run's whole record (its JSON under {@code record}). */
  public JsonNode run(String id) throws ControlException {
    return request(op("run").put("id", id));
  }

  public static ObjectNode op(String op) {
    return DataFile.JSON.createObjectNode().put("op", op);
  }

  static JsonNode parse(String line, String peer) throws ControlException {
    try {
      JsonNode node = DataFile.JSON.readTree(line);
      if (node == null || !node.isObject() || !node.has("ok")) {
        throw new ControlException(ControlException.Kind.MALFORMED, peer + " answered something that is not a cage reply: "
            + abbreviate(line));
      }
      return node;
    } catch (JsonProcessingException e) {
      throw new ControlException(ControlException.Kind.MALFORMED, peer + " answered malformed JSON: " + abbreviate(line), e);
    }
  }

  static JsonNode check(JsonNode reply) throws ControlException {
    if (!reply.path("ok").asBoolean(false)) {
      throw new ControlException(ControlException.Kind.REMOTE_ERROR, reply.path("error").asText("the cage refused"));
    }
    return reply;
  }

  private static String abbreviate(String s) {
    return s.length() <= 200 ? s : s.substring(0, 200) + "... (" + s.length() + " characters)";
  }

  @Override
  public synchronized void close() {
    if (channel != null) {
      channel.close();
      channel = null;
    }
  }
}
