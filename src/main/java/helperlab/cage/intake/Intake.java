package helperlab.cage.intake;

import helperlab.cage.service.CageConfig;
import helperlab.cage.service.Supervisor;
import helperlab.cage.store.ValidBatch;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import helperlab.model.DataFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The intake: HTTP on loopback (by default). {@code POST /batches} (JSON: preset, deadline or
 * deadline_s, images as paths inside the inbox) answers 202 with the batch id, 429 with Retry-After
 * when admission refuses, 4xx with a reason for bad input, 503 while it cannot take work;
 * {@code GET /batches/{id}} gives the batch's state and each image's. A handler that fails answers
 * 500 and the intake keeps serving.
 */
public final class Intake implements AutoCloseable {
  /** Bodies larger than this are refused unread. */
  static final int MAX_BODY = 1 << 20;

  private final Supervisor supervisor;
  private final BatchValidator validator;
  private final HttpServer server;
  private final ExecutorService executor;

  public Intake(Supervisor supervisor) throws IOException {
    this.supervisor = supervisor;
    CageConfig c = supervisor.config();
    this.validator = new BatchValidator(c.inbox(), supervisor.presets(), supervisor.calibration(), c.maxBatchImages(),
        c.maxPixels());
    this.server = HttpServer.create(new InetSocketAddress(c.bind(), c.port()), 64);
    this.executor = Executors.newFixedThreadPool(4, r -> {
      Thread t = new Thread(r, "intake");
      t.setDaemon(true);
      return t;
    });
    server.setExecutor(executor);
    server.createContext("/", this::handle);
    server.start();
  }

  public int port() {
    return server.getAddress().getPort();
  }

  private void handle(HttpExchange ex) throws IOException {
    try (ex) {
      String path = ex.getRequestURI().getPath();
      String method = ex.getRequestMethod();
      if (path.equals("/batches") || path.equals("/batches/")) {
        if (!method.equals("POST")) {
          reply(ex, 405, error("use POST /batches to send a batch, GET /batches/{id} to see one"));
          return;
        }
        post(ex);
      } else if (path.startsWith("/batches/")) {
        if (!method.equals("GET")) {
          reply(ex, 405, error("use GET /batches/{id}"));
          return;
        }
        get(ex, path.substring("/batches/".length()));
      } else if (path.equals("/health")) {
        ObjectNode o = DataFile.JSON.createObjectNode();
        o.put("ok", true);
        reply(ex, 200, o);
      } else {
        reply(ex, 404, error("no such resource: " + path + " (the intake has POST /batches and GET /batches/{id})"));
      }
    } catch (RuntimeException e) {
      try {
        reply(ex, 500, error("internal error: " + e.getMessage()));
      } catch (IOException ignored) {
        // the client is gone
      }
    }
  }

  private void post(HttpExchange ex) throws IOException {
    byte[] body;
    try (InputStream in = ex.getRequestBody()) {
      body = in.readNBytes(MAX_BODY + 1);
    }
    if (body.length > MAX_BODY) {
      reply(ex, 413, error("the body is larger than " + MAX_BODY + " bytes"));
      return;
    }
    ValidBatch batch;
    try {
      batch = validator.validate(body, Instant.now());
    } catch (BatchValidator.Rejection r) {
      reply(ex, r.status(), r.body());
      return;
    }
    Supervisor.Offer o = supervisor.offer(batch);
    ObjectNode out = DataFile.JSON.createObjectNode();
    if (o.admitted()) {
      out.put("batch", o.batchId());
      out.put("run", o.runId());
      out.put("task", o.task());
      out.put("images", batch.images().size());
      out.put("deadline", batch.deadlineAt().toString());
      ex.getResponseHeaders().set("Location", "/batches/" + o.batchId());
      reply(ex, 202, out);
      return;
    }
    out.put("error", (o.status() == 429 ? "refused: " : o.status() == 422 ? "refused, it can never fit: " : "")
        + o.reason());
    if (o.batchId() >= 0) {
      out.put("batch", o.batchId());
    }
    if (o.retryAfterS() >= 0 && o.status() != 422) {
      long after = Math.max(1, (long) Math.ceil(o.retryAfterS()));
      out.put("retry_after_s", after);
      ex.getResponseHeaders().set("Retry-After", Long.toString(after));
    }
    reply(ex, o.status(), out);
  }

  private void get(HttpExchange ex, String idText) throws IOException {
    long id;
    try {
      id = Long.parseLong(idText);
    } catch (NumberFormatException e) {
      reply(ex, 400, error("batch id must be a number, got '" + idText + "'"));
      return;
    }
    ObjectNode view;
    try {
      view = supervisor.batchView(id);
    } catch (IllegalStateException e) {
      ex.getResponseHeaders().set("Retry-After", "5");
      reply(ex, 503, error(e.getMessage()));
      return;
    }
    if (view == null) {
      reply(ex, 404, error("no batch " + id));
      return;
    }
    reply(ex, 200, view);
  }

  private static ObjectNode error(String message) {
    ObjectNode o = DataFile.JSON.createObjectNode();
    o.put("error", message);
    return o;
  }

  private static void reply(HttpExchange ex, int status, ObjectNode body) throws IOException {
    byte[] bytes = (body.toString() + "\n").getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", "application/json");
    ex.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
    try {
      executor.awaitTermination(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
