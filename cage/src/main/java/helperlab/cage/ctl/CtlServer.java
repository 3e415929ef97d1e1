package helperlab.cage.ctl;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import helperlab.cage.events.EventStream;
import helperlab.cage.supervisor.StatusDocument;
import helperlab.cage.supervisor.Supervisor;
import helperlab.model.DataFile;
import helperlab.policy.PolicyCatalog;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The control socket: a Unix socket in the cage's private run directory (mode 0600, in a 0700
 * directory, so only the cage's user can use it). Each connection carries one request line (JSON
 * with an {@code op}) and gets its answer lines; every line carries {@code ok} and, when false, a
 * clear {@code error}. Ops: status, set-policy, press, exhibit, follow, runs, run, calibrate.
 */
public final class CtlServer implements AutoCloseable {
  public static final String SOCKET = "ctl.sock";
  public static final List<String> OPS = List.of("status", "set-policy", "press", "exhibit", "follow", "runs", "run",
      "calibrate");

  private final Supervisor supervisor;
  private final CalibrationJob calibrations;
  private final Path socket;
  private final ServerSocketChannel server;
  private final ExecutorService handlers;
  private final Thread acceptor;
  private volatile boolean running = true;
  private final java.util.concurrent.atomic.AtomicInteger active = new java.util.concurrent.atomic.AtomicInteger();

  public CtlServer(Supervisor supervisor) throws IOException {
    this.supervisor = supervisor;
    this.calibrations = new CalibrationJob(supervisor);
    this.socket = supervisor.config().runDir().resolve(SOCKET);
    Files.deleteIfExists(socket); // left by a supervisor that was killed; the data dir's lock is ours
    this.server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    server.bind(UnixDomainSocketAddress.of(socket));
    try {
      Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
    } catch (UnsupportedOperationException e) {
      // the directory's permissions still apply
    }
    this.handlers = Executors.newCachedThreadPool(r -> {
      Thread t = new Thread(r, "ctl");
      t.setDaemon(true);
      return t;
    });
    this.acceptor = new Thread(this::accept, "ctl-accept");
    acceptor.setDaemon(true);
    acceptor.start();
  }

  public Path socket() {
    return socket;
  }

  private void accept() {
    while (running) {
      try {
        SocketChannel c = server.accept();
        handlers.execute(() -> serve(c));
      } catch (IOException e) {
        if (!running) {
          return;
        }
      }
    }
  }

  private void serve(SocketChannel channel) {
    active.incrementAndGet();
    try (channel) {
      BufferedReader in = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel), StandardCharsets.UTF_8));
      OutputStream out = Channels.newOutputStream(channel);
      String line = in.readLine();
      if (line == null || line.isBlank()) {
        return;
      }
      CtlLines lines = new CtlLines(out);
      try {
        handle(line, lines);
      } catch (IllegalArgumentException | IllegalStateException e) {
        lines.send(CtlLines.error(e.getMessage()));
      } catch (RuntimeException e) {
        lines.send(CtlLines.error("internal error: " + e));
      }
    } catch (IOException e) {
      // the client went away
    } finally {
      active.decrementAndGet();
    }
  }

  private void handle(String line, CtlLines out) throws IOException {
    JsonNode req;
    try {
      req = DataFile.JSON.readTree(line);
    } catch (JsonProcessingException e) {
      out.send(CtlLines.error("malformed JSON: " + e.getOriginalMessage()));
      return;
    }
    if (req == null || !req.isObject() || !req.hasNonNull("op")) {
      out.send(CtlLines.error("a request is a JSON object with an op, e.g. {\"op\":\"status\"}; ops: " + String.join(", ", OPS)));
      return;
    }
    String op = req.get("op").asText();
    switch (op) {
      case "status" -> out.send(DataFile.JSON.valueToTree(StatusDocument.answer(supervisor)));
      case "set-policy" -> {
        String id = CtlRequest.text(req, "policy", null);
        out.send(supervisor.onLoop(s -> s.switcher().setPolicy(id)));
      }
      case "press" -> out.send(BigButton.press(supervisor, req));
      case "exhibit" -> exhibit(req, out);
      case "follow" -> follow(req, out);
      case "runs" -> out.send(RunAnswers.runs(supervisor));
      case "run" -> out.send(RunAnswers.run(supervisor, req));
      case "calibrate" -> calibrations.run(req.path("quick").asBoolean(false), req.path("force").asBoolean(false), out);
      default -> out.send(CtlLines.error("unknown op '" + op + "'; known: " + String.join(", ", OPS)));
    }
  }

  private void exhibit(JsonNode req, CtlLines out) {
    String policy = CtlRequest.text(req, "policy", null);
    String scenario = CtlRequest.text(req, "scenario", "calm");
    double seedValue = CtlRequest.number(req, "seed", 0);
    double duration = CtlRequest.number(req, "duration_s", 60);
    double grace = CtlRequest.number(req, "grace_s", 60);
    // the scenario's own load when not given; else the phase study's load axis (1 = what the machine can resize)
    Double offeredLoad = req.hasNonNull("offered_load") ? CtlRequest.number(req, "offered_load", 0) : null;
    helperlab.workload.Trigger trigger = CtlRequest.trigger(req);
    JsonNode waitNode = req.get("wait");
    boolean wait = waitNode != null && waitNode.asBoolean(false);
    if (policy == null) {
      throw new IllegalArgumentException("exhibit needs a policy (one of " + String.join(", ", PolicyCatalog.ids()) + ")");
    }
    CompletableFuture<ObjectNode> done = new CompletableFuture<>();
    // Judged on the loop, where a calibration checks for an exhibit: one of the two always sees the other.
    ObjectNode started = supervisor.onLoop(s -> {
      if (calibrations.running()) {
        throw new IllegalStateException("a calibration is running on this cage; start the exhibit when it ends");
      }
      return s.switcher().startExhibit(policy, scenario, offeredLoad, (long) seedValue, duration, grace, trigger,
          done);
    });
    if (!wait) {
      out.send(started);
      return;
    }
    try {
      out.send(done.get((long) (duration + grace + 120), TimeUnit.SECONDS));
    } catch (Exception e) {
      out.send(CtlLines.error("the exhibit did not end cleanly: " + e.getMessage()));
    }
  }

  /** The line a follow sends when its stream has been quiet for {@link #HEARTBEAT_NS}; it carries no id. */
  public static final String HEARTBEAT = "heartbeat";
  /** A followed stream quiet this long gets a heartbeat line (a viewer calls a link silent for 5 s stalled). */
  static final long HEARTBEAT_NS = 2_000_000_000L;

  private void follow(JsonNode req, CtlLines out) throws IOException {
    String run = CtlRequest.text(req, "run", null);
    if (run == null) {
      run = supervisor.currentRun();
    } else {
      try {
        if (!supervisor.store().runExists(run)) {
          out.send(CtlLines.error("no run '" + run + "'"));
          return;
        }
      } catch (SQLException e) {
        // cannot check: follow anyway (the stream may have it)
      }
    }
    String from = CtlRequest.text(req, "from", "0-0");
    if (!from.matches("\\d+(-\\d+)?")) {
      throw new IllegalArgumentException("from must be a stream id like 17-0 (or 0 for the start)");
    }
    String followed = run;
    boolean[] gone = {false};
    long[] lastSentNs = {System.nanoTime()};
    try {
      supervisor.stream().follow(run, from, e -> {
        ObjectNode line = DataFile.JSON.createObjectNode();
        line.put("ok", true);
        line.put("run", followed);
        line.put("id", e.id());
        line.put("type", e.type());
        try {
          line.set(e.type().equals("sample") ? "sample" : e.type().equals(EventStream.END) ? "end" : "event",
              DataFile.JSON.readTree(e.json()));
        } catch (JsonProcessingException ex) {
          line.put("raw", e.json());
        }
        boolean sent = out.send(line);
        lastSentNs[0] = System.nanoTime();
        gone[0] = !sent;
        return sent;
      }, () -> {
        // asked after every read of the stream (at most a second apart), entries or not: a quiet stream
        // (an idle run, Redis down) still says the link is alive, so a viewer does not take it for a stall
        if (!gone[0] && System.nanoTime() - lastSentNs[0] >= HEARTBEAT_NS) {
          gone[0] = !out.send(DataFile.JSON.createObjectNode().put("ok", true).put("type", HEARTBEAT)
              .put("run", followed));
          lastSentNs[0] = System.nanoTime();
        }
        return gone[0] || !running;
      });
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Stops taking requests; requests being answered get a moment to finish (a follower of a run
   * that has just ended reads to its end), then the rest are cut off. Close it after the supervisor.
   */
  @Override
  public void close() {
    try {
      server.close();
    } catch (IOException e) {
      // closing anyway
    }
    long end = System.nanoTime() + 3_000_000_000L;
    while (active.get() > 0 && System.nanoTime() < end) {
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    running = false;
    handlers.shutdownNow();
    try {
      Files.deleteIfExists(socket);
    } catch (IOException e) {
      // a stale socket is removed at the next start
    }
  }
}
