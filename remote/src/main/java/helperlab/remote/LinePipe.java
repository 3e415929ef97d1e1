package helperlab.remote;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.protocol.Wire;
import helperlab.protocol.ctl.Reply;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * Copies JSON lines from a local stream to a control channel and the replies back, for scripts:
 * {@code helper-lab ctl --ssh ...} with requests on stdin. Stops when stdin ends and the server's ctl
 * has finished (it said with what status), or on the first failure; a reply that is not a cage's JSON
 * answer is such a failure, and so is a link that ends before the server's ctl said it finished (a cut
 * session, a killed ctl) or stays silent past the awaited answer's limit ({@link AwaitedAnswers}): a
 * script must never take a broken link for a finished run. The server's ctl exits with
 * {@link CtlExit#REFUSED} after a refusal: that ends the pipe normally. Replies go to a writer, not a print stream:
 * they are the command's output, and its {@code checkError} tells a reader that went away.
 */
public final class LinePipe {
  private LinePipe() {}

  /** How many answers came back, and how many of them said {@code ok: false}. */
  public record Tally(int answers, int refused) {
    public CtlExit exit() {
      return refused > 0 ? CtlExit.REFUSED : CtlExit.OK;
    }
  }

  /** With the default stall limit of a stream ({@link #STALL_MS}). */
  public static Tally run(LineChannel channel, InputStream requests, PrintWriter replies) throws ControlException {
    return run(channel, requests, replies, STALL_MS);
  }

  /** Silence (s) before a cut that marks it as JSch's keep-alives giving up (SshTransport: 5 s apart, 3 missed). */
  private static final long KEEPALIVE_S = 12;

  /** How long a followed stream may say nothing before the link counts as stalled (the cage sends a line every 2 s). */
  public static final long STALL_MS = 30_000;

  /** Returns when the server side is done; throws the failure that ended it, if any. */
  public static Tally run(LineChannel channel, InputStream requests, PrintWriter replies, long stallMs)
      throws ControlException {
    AwaitedAnswers awaited = new AwaitedAnswers(stallMs);
    Thread writer = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(requests, StandardCharsets.UTF_8))) {
        String line;
        while ((line = in.readLine()) != null) {
          if (!line.isBlank()) {
            awaited.sent(line);
            channel.send(line);
          }
        }
      } catch (IOException | ControlException e) {
        replies.flush();
      } finally {
        awaited.inputEnded();
        channel.closeOutput();
      }
    }, "ctl-requests");
    writer.setDaemon(true);
    writer.start();
    int answers = 0;
    int refused = 0;
    long lastLine = System.nanoTime();
    while (true) {
      String reply;
      try {
        reply = next(channel, awaited, lastLine);
      } catch (ControlException e) {
        long silentS = Math.round((System.nanoTime() - lastLine) / 1e9);
        if (e.kind() == ControlException.Kind.TIMEOUT) {
          throw new ControlException(ControlException.Kind.TIMEOUT, "the link to " + channel.peer() + " stalled: no"
              + " line for " + Math.round(awaited.limitMs() / 1000.0) + " s while " + awaited.waitingFor() + " (the session or"
              + " ctl on the server stopped, or the network holds its packets), so it was dropped; " + awaited.advice()
              + (awaited.awaitingStream() ? ", or allow a longer silence with --stall-limit" : ""), e);
        }
        if (e.kind() == ControlException.Kind.CLOSED && e.getCause() == null && !e.getMessage().contains("middle")) {
          if (channel.endedWithoutStatus() && !awaited.allAnswered()) {
            // a session JSch dropped for unanswered keep-alives (5 s apart, 3 missed) went silent first; only a stream
            // (a line at least every 2 s) tells that silence from an answer not due yet
            String how = silentS >= KEEPALIVE_S && awaited.awaitingStream()
                ? "nothing came for " + silentS + " s and the server answered no SSH keep-alive, so the session was"
                    + " dropped (the server or the network stopped)"
                : "the SSH session ended before ctl on the server finished (the session or that ctl was killed, or the"
                    + " network dropped it)";
            throw new ControlException(ControlException.Kind.CLOSED, "the link to " + channel.peer() + " was cut"
                + " while " + awaited.waitingFor() + ", " + (answers == 1 ? "1 line" : answers + " lines") + " in: "
                + how + "; " + awaited.advice());
          }
          if (answers == 0 && awaited.sentCount() > 0) {
            // a script must not take silence for success
            throw new ControlException(ControlException.Kind.CLOSED, channel.peer() + " closed the connection without answering");
          }
          return new Tally(answers, refused); // the server finished and closed its side
        }
        if (e.kind() == ControlException.Kind.COMMAND_FAILED && refused > 0
            && (e.remoteStatus() == CtlExit.REFUSED.code || e.remoteStatus() == CtlExit.REFUSED_BEFORE)) {
          // the server's ctl said so (an older one with 1), and we have seen the refusals
          return new Tally(answers, refused);
        }
        if (e.kind() == ControlException.Kind.COMMAND_FAILED && e.remoteStatus() > 128 && !awaited.allAnswered()) {
          // ended by a signal (128 + its number): hung up on, terminated
          throw new ControlException(ControlException.Kind.CLOSED, "the link to " + channel.peer() + " was cut while "
              + awaited.waitingFor() + ", " + (answers == 1 ? "1 line" : answers + " lines") + " in: ctl on the server"
              + " ended with status " + e.remoteStatus() + signalName(e.remoteStatus() - 128) + " before it finished; "
              + awaited.advice(), e.remoteStatus());
        }
        throw e;
      }
      lastLine = System.nanoTime();
      // a script must not be handed garbage as if it were an answer
      JsonNode answer = CageClient.parse(reply, channel.peer());
      awaited.answered(answer);
      boolean ok = Wire.read(answer, Reply.class).succeeded();
      answers++;
      refused += ok ? 0 : 1;
      replies.println(reply);
      replies.flush();
    }
  }

  /**
   * The next line, or a {@code TIMEOUT} once the awaited answer is late ({@link AwaitedAnswers#deadlineNanos}):
   * asked again at least every second, as a request typed meanwhile sets a limit of its own.
   */
  private static String next(LineChannel channel, AwaitedAnswers awaited, long lastLineNanos) throws ControlException {
    while (true) {
      long left = awaited.deadlineNanos(lastLineNanos) - System.nanoTime();
      if (left <= 0) {
        throw new ControlException(ControlException.Kind.TIMEOUT, channel.peer() + " sent nothing in time");
      }
      try {
        return channel.receive(Math.max(1, Math.min(1000, left / 1_000_000)));
      } catch (ControlException e) {
        if (e.kind() != ControlException.Kind.TIMEOUT) {
          throw e;
        }
      }
    }
  }

  private static String signalName(int signal) {
    return switch (signal) {
      case 1 -> " (hung up: SIGHUP)";
      case 2 -> " (interrupted: SIGINT)";
      case 9 -> " (killed: SIGKILL)";
      case 13 -> " (its output broken: SIGPIPE)";
      case 15 -> " (terminated: SIGTERM)";
      default -> " (signal " + signal + ")";
    };
  }
}
