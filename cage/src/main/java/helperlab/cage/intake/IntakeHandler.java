package helperlab.cage.intake;

import com.fasterxml.jackson.databind.node.ObjectNode;
import helperlab.cage.store.ValidBatch;
import helperlab.cage.supervisor.Offer;
import helperlab.cage.supervisor.Supervisor;
import helperlab.model.DataFile;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The intake's HTTP meanings. A POST's body is read without holding a thread (a client that stalls
 * mid-body costs a connection, not a worker of the intake), then judged on the intake's threads.
 */
final class IntakeHandler extends Handler.Abstract {
  private final Supervisor supervisor;
  private final BatchValidator validator;

  IntakeHandler(Supervisor supervisor, BatchValidator validator) {
    this.supervisor = supervisor;
    this.validator = validator;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) {
    try {
      String path = Request.getPathInContext(request);
      String method = request.getMethod();
      if (path.equals("/batches") || path.equals("/batches/")) {
        if (!method.equals("POST")) {
          reply(response, callback, 405, error("use POST /batches to send a batch, GET /batches/{id} to see one"));
        } else {
          post(request, response, callback);
        }
      } else if (path.startsWith("/batches/")) {
        if (!method.equals("GET")) {
          reply(response, callback, 405, error("use GET /batches/{id}"));
        } else {
          get(path.substring("/batches/".length()), response, callback);
        }
      } else if (path.equals("/health")) {
        ObjectNode o = DataFile.JSON.createObjectNode();
        o.put("ok", true);
        java.util.List<String> why = supervisor.degraded();
        o.put("status", why.isEmpty() ? "ok" : "degraded");
        if (!why.isEmpty()) {
          why.forEach(o.putArray("why")::add);
        }
        reply(response, callback, 200, o);
      } else {
        reply(response, callback, 404,
            error("no such resource: " + path + " (the intake has POST /batches and GET /batches/{id})"));
      }
    } catch (RuntimeException e) {
      fail(response, callback, e);
    }
    return true;
  }

  /** Up to this much of a body over {@link Intake#MAX_BODY} is read and dropped before its 413. */
  private static final long DRAIN_LIMIT = 16L << 20;

  private void post(Request request, Response response, Callback callback) {
    if (request.getLength() > Intake.MAX_BODY) {
      tooLarge(request, response, callback);
      return;
    }
    CompletableFuture<byte[]> read = Content.Source.asByteArrayAsync(request, Intake.MAX_BODY);
    if (read.isDone()) {
      read.whenComplete((body, failure) -> bodyRead(body, failure, request, response, callback)); // the usual case: here and now
    } else {
      // The rest comes later, on whatever thread reads it: judged on the intake's threads, never a selector's.
      read.whenCompleteAsync((body, failure) -> bodyRead(body, failure, request, response, callback),
          request.getComponents().getExecutor());
    }
  }

  /**
   * 413, once the rest of the body is read and dropped, up to {@link #DRAIN_LIMIT}: a connection closed with the
   * client's bytes unread is reset, and the reset can take the answer with it before the client reads it (the JDK's
   * client then says "header parser received no bytes"). Past the limit the reset is the answer.
   */
  private void tooLarge(Request request, Response response, Callback callback) {
    Runnable refuse = () -> reply(response, callback, 413, error("the body is larger than " + Intake.MAX_BODY + " bytes"));
    if (request.getLength() > DRAIN_LIMIT) {
      refuse.run();
      return;
    }
    Content.Source.consumeAll(Content.Source.from(request, 0, DRAIN_LIMIT),
        Callback.from(refuse, failure -> refuse.run()));
  }

  private void bodyRead(byte[] body, Throwable failure, Request request, Response response, Callback callback) {
    if (failure != null) {
      Throwable why = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
      // Jetty says "too large" as IllegalArgumentException for a declared length, and as
      // IllegalStateException("Max size ... exceeded") for a chunked body that grows past it.
      if (why instanceof IllegalArgumentException
          || why instanceof IllegalStateException && String.valueOf(why.getMessage()).contains("Max size")) {
        tooLarge(request, response, callback);
      } else if (why instanceof TimeoutException) {
        reply(response, callback, 408, error("the body stalled: nothing came for longer than the idle timeout"));
      } else {
        reply(response, callback, 400, error("the body ended before its declared length"));
      }
      return;
    }
    try {
      judge(body, response, callback);
    } catch (RuntimeException e) {
      fail(response, callback, e);
    }
  }

  private void judge(byte[] body, Response response, Callback callback) {
    ValidBatch batch;
    try {
      batch = validator.validate(body, supervisor.clock().instant());
    } catch (BatchValidator.Rejection r) {
      reply(response, callback, r.status(), r.body());
      return;
    }
    Offer o = supervisor.offer(batch);
    ObjectNode out = DataFile.JSON.createObjectNode();
    if (o.admitted()) {
      out.put("batch", o.batchId());
      out.put("run", o.runId());
      out.put("task", o.task());
      out.put("images", batch.images().size());
      out.put("deadline", batch.deadlineAt().toString());
      response.getHeaders().put(HttpHeader.LOCATION, "/batches/" + o.batchId());
      reply(response, callback, 202, out);
      return;
    }
    // the one place an offer's outcome becomes HTTP
    int status;
    double retryAfterS;
    if (o instanceof Offer.Refused r) {
      status = 429;
      retryAfterS = r.retryAfterS();
      out.put("error", "refused: " + o.reason());
    } else if (o instanceof Offer.NeverFits) {
      status = 422;
      retryAfterS = -1;
      out.put("error", "refused, it can never fit: " + o.reason());
    } else {
      status = 503;
      retryAfterS = ((Offer.Unavailable) o).retryAfterS();
      out.put("error", o.reason());
    }
    if (o.batchId() >= 0) {
      out.put("batch", o.batchId());
    }
    if (retryAfterS >= 0) {
      long after = Math.max(1, (long) Math.ceil(retryAfterS));
      out.put("retry_after_s", after);
      response.getHeaders().put(HttpHeader.RETRY_AFTER, Long.toString(after));
    }
    reply(response, callback, status, out);
  }

  private void get(String idText, Response response, Callback callback) {
    long id;
    try {
      id = Long.parseLong(idText);
    } catch (NumberFormatException e) {
      reply(response, callback, 400, error("batch id must be a number, got '" + idText + "'"));
      return;
    }
    ObjectNode view;
    try {
      view = supervisor.batchView(id);
    } catch (helperlab.cage.supervisor.OtherCagesBatch e) {
      ObjectNode o = error(e.getMessage());
      o.put("owner", e.owner());
      reply(response, callback, 404, o);
      return;
    } catch (IllegalStateException e) {
      response.getHeaders().put(HttpHeader.RETRY_AFTER, "5");
      reply(response, callback, 503, error(e.getMessage()));
      return;
    }
    if (view == null) {
      reply(response, callback, 404, error("no batch " + id));
      return;
    }
    reply(response, callback, 200, view);
  }

  /** One client sending faster than its share: told to slow down in the API's own words. */
  static boolean tooManyRequests(Request request, Response response, Callback callback) {
    response.getHeaders().put(HttpHeader.RETRY_AFTER, "1");
    reply(response, callback, 429, error("too many requests from " + Request.getRemoteAddr(request)
        + ": slow down"));
    return true;
  }

  private static void fail(Response response, Callback callback, RuntimeException e) {
    if (response.isCommitted()) {
      callback.failed(e);
    } else {
      reply(response, callback, 500, error("internal error: " + e.getMessage()));
    }
  }

  private static ObjectNode error(String message) {
    ObjectNode o = DataFile.JSON.createObjectNode();
    o.put("error", message);
    return o;
  }

  private static void reply(Response response, Callback callback, int status, ObjectNode body) {
    response.setStatus(status);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
    Content.Sink.write(response, true, body.toString() + "\n", callback);
  }
}
