package helperlab.cage.ctl;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.supervisor.StatusDocument;
import helperlab.cage.supervisor.Supervisor;
import helperlab.policy.PolicyCatalog;
import helperlab.protocol.Wire;
import helperlab.protocol.ctl.CtlRequest;
import helperlab.protocol.ctl.ExhibitEnded;
import helperlab.protocol.ctl.ExhibitStarted;
import helperlab.protocol.ctl.Reply;
import helperlab.protocol.events.FollowLine;
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
  public static final List<String> OPS = CtlRequest.OPS;

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
        lines.send(Reply.refused(e.getMessage()));
      } catch (RuntimeException e) {
        lines.send(Reply.refused("internal error: " + e));
      }
    } catch (IOException e) {
      // the client went away
    } finally {
      active.decrementAndGet();
    }
  }

  private void handle(String line, CtlLines out) throws IOException {
    JsonNode tree;
    try {
      tree = Wire.JSON.readTree(line);
    } catch (JsonProcessingException e) {
      out.send(Reply.refused("malformed JSON: " + e.getOriginalMessage()));
      return;
    }
    CtlRequest req = CtlRequests.read(tree);
    // Java 17 has no switch over a sealed type's records: one test per op
    if (req instanceof CtlRequest.Status) {
      out.send(StatusDocument.answer(supervisor));
    } else if (req instanceof CtlRequest.SetPolicy sp) {
      out.send(supervisor.onLoop(s -> s.switcher().setPolicy(sp.policy())));
    } else if (req instanceof CtlRequest.Press p) {
      out.send(BigButton.press(supervisor, p));
    } else if (req instanceof CtlRequest.Exhibit ex) {
      exhibit(ex, out);
    } else if (req instanceof CtlRequest.Follow f) {
      follow(f, out);
    } else if (req instanceof CtlRequest.Runs) {
      out.send(RunAnswers.runs(supervisor));
    } else if (req instanceof CtlRequest.Run r) {
      out.send(RunAnswers.run(supervisor, r));
    } else if (req instanceof CtlRequest.Calibrate c) {
      calibrations.run(Boolean.TRUE.equals(c.quick()), Boolean.TRUE.equals(c.force()), out);
    }
  }

  private void exhibit(CtlRequest.Exhibit req, CtlLines out) {
    String policy = req.policy();
    String scenario = req.scenario() == null ? "calm" : req.scenario();
    long seed = req.seed() == null ? 0 : req.seed();
    double duration = req.durationS() == null ? 60 : req.durationS();
    double grace = req.graceS() == null ? 60 : req.graceS();
    // the scenario's own load when not given (null); else the phase study's load axis (1 = what the machine can resize)
    Double offeredLoad = req.offeredLoad();
    helperlab.workload.Trigger trigger = CtlRequests.trigger(req.trigger());
    if (policy == null) {
      throw new IllegalArgumentException("exhibit needs a policy (one of " + String.join(", ", PolicyCatalog.ids()) + ")");
    }
    CompletableFuture<ExhibitEnded> done = new CompletableFuture<>();
    // Judged on the loop, where a calibration checks for an exhibit: one of the two always sees the other.
    ExhibitStarted started = supervisor.onLoop(s -> {
      if (calibrations.running()) {
        throw new IllegalStateException("a calibration is running on this cage; start the exhibit when it ends");
      }
      return s.switcher().startExhibit(policy, scenario, offeredLoad, seed, duration, grace, trigger, done);
    });
    if (!req.waits()) {
      out.send(started);
      return;
    }
    try {
      out.send(done.get((long) (duration + grace + 120), TimeUnit.SECONDS));
    } catch (Exception e) {
      out.send(Reply.refused("the exhibit did not end cleanly: " + e.getMessage()));
    }
  }

  /** The line a follow sends when its stream has been quiet for {@link #HEARTBEAT_NS}; it carries no id. */
  public static final String HEARTBEAT = FollowLine.HEARTBEAT;
  /** A followed stream quiet this long gets a heartbeat line (a viewer calls a link silent for 5 s stalled). */
  static final long HEARTBEAT_NS = 2_000_000_000L;

  private void follow(CtlRequest.Follow req, CtlLines out) throws IOException {
    String run = req.run();
    if (run == null) {
      run = supervisor.currentRun();
    } else {
      try {
        if (!supervisor.store().runExists(run)) {
          out.send(Reply.refused("no run '" + run + "'"));
          return;
        }
      } catch (SQLException e) {
        // cannot check: follow anyway (the stream may have it)
      }
    }
    String from = req.from() == null ? "0-0" : req.from();
    if (!from.matches("\\d+(-\\d+)?")) {
      throw new IllegalArgumentException("from must be a stream id like 17-0 (or 0 for the start)");
    }
    String followed = run;
    boolean[] gone = {false};
    long[] lastSentNs = {System.nanoTime()};
    try {
      supervisor.stream().follow(run, from, e -> {
        boolean sent = out.send(CtlRequests.followLine(followed, e.id(), e.type(), e.json()));
        lastSentNs[0] = System.nanoTime();
        gone[0] = !sent;
        return sent;
      }, () -> {
        // asked after every read of the stream (at most a second apart), entries or not: a quiet stream
        // (an idle run, Redis down) still says the link is alive, so a viewer does not take it for a stall
        if (!gone[0] && System.nanoTime() - lastSentNs[0] >= HEARTBEAT_NS) {
          gone[0] = !out.send(FollowLine.Heartbeat.of(followed));
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
