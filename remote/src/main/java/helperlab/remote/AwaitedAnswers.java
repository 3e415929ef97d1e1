package helperlab.remote;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.protocol.Wire;
import helperlab.protocol.ctl.CalibrationLine;
import helperlab.protocol.ctl.CtlRequest;
import helperlab.protocol.ctl.Reply;
import helperlab.protocol.events.EndLine;
import helperlab.protocol.events.FollowLine;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The requests sent down one control channel and not yet wholly answered, in order: which answer line
 * belongs to which request, and how long the link may stay silent before the next line is due. A
 * {@code follow} is answered by many lines up to its {@code end} (the cage sends at least one every 2 s:
 * samples, events or heartbeats), a {@code calibrate} by progress lines and a result, anything else by
 * one line; an {@code exhibit} with {@code wait} answers when it ends. What it knows of the stream (the
 * run, the last id) goes into the advice when the link breaks.
 */
final class AwaitedAnswers {
  /** A fresh connection's first line: an SSH login and the server's ctl (a JVM) starting on a busy host. */
  static final long FIRST_LINE_MS = 60_000;
  /** A one-line answer (status, a record): as long as the lab waits for one. */
  static final long ANSWER_MS = CageClient.REPLY_TIMEOUT_MS;
  /** Between a calibration's progress lines: one step of the ladder on a slow host. */
  static final long CALIBRATION_LINE_MS = 600_000;
  /** A waited exhibit's answer comes when it ends; the cage gives up this long after duration and grace. */
  static final long EXHIBIT_WAIT_MARGIN_MS = 120_000;

  private enum Shape { ONE, STREAM, PROGRESS }

  private record Awaited(String op, Shape shape, long firstMs, String run, long sentNanos) {}

  private final long stallMs;
  private final Deque<Awaited> pending = new ArrayDeque<>();
  private boolean inputEnded;
  private long inputEndedNanos;
  private boolean begun;
  private int sent;
  private String run;
  private String lastId;

  /** @param stallMs how long a stream may be silent between two lines */
  AwaitedAnswers(long stallMs) {
    this.stallMs = stallMs;
  }

  /** A request line about to go out (called before it is sent, so its answer is never ahead of it). */
  synchronized void sent(String line) {
    sent++;
    CtlRequest req;
    try {
      req = Wire.read(line, CtlRequest.class);
    } catch (IllegalArgumentException e) {
      req = null; // not a request the lab knows (malformed, an unknown op): the cage answers it with one error line
    }
    String op = req != null ? req.op() : "";
    long first = ANSWER_MS;
    Shape shape = Shape.ONE;
    if (req instanceof CtlRequest.Follow) {
      shape = Shape.STREAM;
      first = Math.max(stallMs, FIRST_LINE_MS);
    } else if (req instanceof CtlRequest.Calibrate) {
      shape = Shape.PROGRESS;
      first = CALIBRATION_LINE_MS;
    } else if (req instanceof CtlRequest.Exhibit ex && ex.waits()) {
      double s = (ex.durationS() == null ? 60 : ex.durationS()) + (ex.graceS() == null ? 60 : ex.graceS());
      first = Math.max(ANSWER_MS, (long) (s * 1000) + EXHIBIT_WAIT_MARGIN_MS + FIRST_LINE_MS);
    }
    pending.add(new Awaited(op, shape, first, req instanceof CtlRequest.Follow f ? f.run() : null, System.nanoTime()));
    notifyAll();
  }

  /** No more requests will come. */
  synchronized void inputEnded() {
    inputEnded = true;
    inputEndedNanos = System.nanoTime();
    notifyAll();
  }

  /**
   * How long the next line may take: the awaited request's limit (its first line's, counted from when it was
   * sent, or a stream's between two lines); unlimited while nothing is awaited and requests may still come
   * (someone typing).
   */
  synchronized long limitMs() {
    Awaited a = pending.peek();
    if (a == null) {
      return inputEnded ? FIRST_LINE_MS : UNLIMITED; // the server's ctl closing, or a person typing
    }
    if (!begun) {
      return a.firstMs();
    }
    return a.shape() == Shape.STREAM ? stallMs : CALIBRATION_LINE_MS;
  }

  /** No limit: nothing is owed. */
  static final long UNLIMITED = Long.MAX_VALUE / 4;

  /**
   * When the silence since {@code lastLineNanos} becomes a stall ({@link System#nanoTime()} scale), or
   * {@link Long#MAX_VALUE} when nothing is owed: a request's first line is owed from when it was sent.
   */
  synchronized long deadlineNanos(long lastLineNanos) {
    long limit = limitMs();
    if (limit >= UNLIMITED) {
      return Long.MAX_VALUE;
    }
    Awaited a = pending.peek();
    long from = lastLineNanos;
    if (a == null) {
      from = Math.max(from, inputEndedNanos);
    } else if (!begun) {
      from = Math.max(from, a.sentNanos());
    }
    return from + limit * 1_000_000L;
  }

  /** Attributes one answer line to the request it answers. */
  synchronized void answered(JsonNode line) {
    Awaited a = pending.peek();
    Reply reply = Wire.read(line, Reply.class);
    if (a != null && a.shape() == Shape.STREAM) {
      try {
        FollowLine f = Wire.read(line, FollowLine.class);
        run = f.run() != null ? f.run() : run;
        lastId = f.id() != null ? f.id() : lastId;
      } catch (IllegalArgumentException e) {
        // not a follow line (a refusal): nothing to resume from
      }
    }
    if (a == null) {
      return; // more than was asked for: the server's business
    }
    boolean last = switch (a.shape()) {
      case ONE -> true;
      case STREAM -> EndLine.TYPE.equals(reply.type()) || !reply.succeeded();
      case PROGRESS -> !CalibrationLine.PROGRESS.equals(reply.type());
    };
    if (last) {
      pending.poll();
      begun = false;
    } else {
      begun = true;
    }
  }

  /** Requests sent so far. */
  synchronized int sentCount() {
    return sent;
  }

  /** Whether no more requests will come and every one sent has had its whole answer. */
  synchronized boolean allAnswered() {
    return inputEnded && pending.isEmpty();
  }

  /** Whether the awaited answer is a stream's (a follow), whose silence {@code stallMs} limits. */
  synchronized boolean awaitingStream() {
    Awaited a = pending.peek();
    return a != null && a.shape() == Shape.STREAM;
  }

  /** What was being waited for, in words: "following run R (last id 12-0)", "the answer to status". */
  synchronized String waitingFor() {
    Awaited a = pending.peek();
    if (a == null) {
      return "waiting for ctl on the server to finish";
    }
    if (a.shape() == Shape.STREAM) {
      String r = run != null ? run : a.run();
      return "following " + (r != null ? "run " + r : "the live run") + (lastId != null ? " (last id " + lastId + ")" : "");
    }
    return "waiting for the answer to " + (a.op().isEmpty() ? "a request" : a.op());
  }

  /** How to carry on from where the link broke: the follow request that resumes the stream, or a plain retry. */
  synchronized String advice() {
    Awaited a = pending.peek();
    if (a != null && a.shape() == Shape.STREAM) {
      String r = run != null ? run : a.run();
      String req = Wire.line(new CtlRequest.Follow(lastId != null ? lastId : "0-0", r));
      return "follow again with " + req + " to resume where it broke";
    }
    return "run it again when the link is back";
  }
}
