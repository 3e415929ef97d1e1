package helperlab.remote;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import helperlab.model.DataFile;
import helperlab.protocol.CageStatusReport;
import helperlab.protocol.Wire;
import helperlab.protocol.ctl.CalibrationLine;
import helperlab.protocol.ctl.CtlRequest;
import helperlab.protocol.ctl.ExhibitStarted;
import helperlab.protocol.ctl.PolicySwitched;
import helperlab.protocol.ctl.PressAnswer;
import helperlab.protocol.ctl.Reply;
import helperlab.protocol.ctl.RunAnswer;
import helperlab.protocol.ctl.RunList;
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

  /**
   * Sends one request and returns its answer line, parsed; an answer with {@code ok:false} is a
   * {@link ControlException}. The typed methods below read it as the protocol's record for the op.
   */
  public synchronized JsonNode request(CtlRequest request) throws ControlException {
    return request(request, REPLY_TIMEOUT_MS);
  }

  public synchronized JsonNode request(CtlRequest request, long timeoutMs) throws ControlException {
    String line = Wire.line(request);
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

  private <T> T ask(CtlRequest request, long timeoutMs, Class<T> answer) throws ControlException {
    return read(request(request, timeoutMs), answer, transport.describe());
  }

  public CageStatusReport status() throws ControlException {
    return status(REPLY_TIMEOUT_MS);
  }

  public CageStatusReport status(long timeoutMs) throws ControlException {
    return ask(new CtlRequest.Status(), timeoutMs, CageStatusReport.class);
  }

  public PolicySwitched setPolicy(String policy) throws ControlException {
    return ask(new CtlRequest.SetPolicy(policy), REPLY_TIMEOUT_MS, PolicySwitched.class);
  }

  public PressAnswer press(String scenario) throws ControlException {
    return ask(new CtlRequest.Press(scenario, null), REPLY_TIMEOUT_MS, PressAnswer.class);
  }

  /** Starts a one-minute exhibit; returns at once with the run id (follow it for the events). */
  public ExhibitStarted exhibit(String policy, String scenario, long seed, double durationS) throws ControlException {
    return exhibit(policy, scenario, seed, durationS, null);
  }

  /**
   * Starts an exhibit with a trigger (null: none), sent as the simulator's trigger JSON under
   * {@code trigger}; returns at once with the run id.
   */
  public ExhibitStarted exhibit(String policy, String scenario, long seed, double durationS, Trigger trigger)
      throws ControlException {
    return ask(CtlRequest.Exhibit.started(policy, scenario, seed, durationS,
        trigger == null ? null : DataFile.JSON.valueToTree(trigger)), REPLY_TIMEOUT_MS, ExhibitStarted.class);
  }

  /**
   * Measures the cage ({@code calibrate}; {@code quick}: the short ladder): each line it prints goes to
   * {@code progress} as it comes; returns the final answer (the calibration's name, how long it took).
   */
  public CalibrationLine.Done calibrate(boolean quick, java.util.function.Consumer<String> progress)
      throws ControlException {
    return calibrate(quick, false, progress);
  }

  /**
   * As {@link #calibrate(boolean, java.util.function.Consumer)}; {@code force}: a doubtful result replaces
   * the cage's steady calibration (without it the cage keeps its own and answers {@code ok: false}).
   */
  public synchronized CalibrationLine.Done calibrate(boolean quick, boolean force,
      java.util.function.Consumer<String> progress) throws ControlException {
    if (channel == null || !channel.isOpen()) {
      channel = transport.open();
    }
    try {
      channel.send(Wire.line(new CtlRequest.Calibrate(quick, force)));
      while (true) {
        JsonNode r = check(parse(channel.receive(REPLY_TIMEOUT_MS), channel.peer()));
        CalibrationLine.Progress p = read(r, CalibrationLine.Progress.class, channel.peer());
        if (!p.isProgress()) {
          return read(r, CalibrationLine.Done.class, channel.peer());
        }
        progress.accept(p.line());
      }
    } catch (ControlException e) {
      if (e.kind() != ControlException.Kind.REMOTE_ERROR) {
        channel.close();
        channel = null;
      }
      throw e;
    }
  }

  public RunList runs() throws ControlException {
    return ask(new CtlRequest.Runs(), REPLY_TIMEOUT_MS, RunList.class);
  }

  /** A run's whole record (its JSON under {@code record}). */
  public RunAnswer run(String id) throws ControlException {
    return ask(new CtlRequest.Run(id), REPLY_TIMEOUT_MS, RunAnswer.class);
  }

  /** A line parsed, and refused unless it is a cage's answer (every one carries {@code ok}: {@link Reply}). */
  static JsonNode parse(String line, String peer) throws ControlException {
    try {
      JsonNode node = Wire.JSON.readTree(line);
      if (node == null || !node.isObject() || Wire.read(node, Reply.class).ok() == null) {
        throw new ControlException(ControlException.Kind.MALFORMED, peer + " answered something that is not a cage reply: "
            + abbreviate(line));
      }
      return node;
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw new ControlException(ControlException.Kind.MALFORMED, peer + " answered malformed JSON: " + abbreviate(line), e);
    }
  }

  static JsonNode check(JsonNode reply) throws ControlException {
    Reply r = Wire.read(reply, Reply.class);
    if (!r.succeeded()) {
      throw new ControlException(ControlException.Kind.REMOTE_ERROR, r.error() == null ? "the cage refused" : r.error());
    }
    return reply;
  }

  /** An answer read as the record its op answers with; one that does not fit is a malformed answer, in words. */
  static <T> T read(JsonNode answer, Class<T> kind, String peer) throws ControlException {
    try {
      return Wire.read(answer, kind);
    } catch (IllegalArgumentException e) {
      throw new ControlException(ControlException.Kind.MALFORMED, peer + " answered what the lab cannot read: "
          + e.getMessage(), e);
    }
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
