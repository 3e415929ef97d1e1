package helperlab.remote;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Copies JSON lines from a local stream to a control channel and the replies back, for scripts:
 * {@code helper-lab ctl --ssh ...} with requests on stdin. Stops when stdin ends and the server has
 * closed its side, or on the first failure; a reply that is not a cage's JSON answer is such a failure.
 * The server's ctl exits with {@link CtlExit#REFUSED} after a refusal: that ends the pipe normally.
 */
public final class LinePipe {
  private LinePipe() {}

  /** How many answers came back, and how many of them said {@code ok: false}. */
  public record Tally(int answers, int refused) {
    public CtlExit exit() {
      return refused > 0 ? CtlExit.REFUSED : CtlExit.OK;
    }
  }

  /** Returns when the server side is done; throws the failure that ended it, if any. */
  public static Tally run(LineChannel channel, InputStream requests, PrintStream replies) throws ControlException {
    AtomicInteger sent = new AtomicInteger();
    Thread writer = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(requests, StandardCharsets.UTF_8))) {
        String line;
        while ((line = in.readLine()) != null) {
          if (!line.isBlank()) {
            channel.send(line);
            sent.incrementAndGet();
          }
        }
      } catch (IOException | ControlException e) {
        replies.flush();
      } finally {
        channel.closeOutput();
      }
    }, "ctl-requests");
    writer.setDaemon(true);
    writer.start();
    int answers = 0;
    int refused = 0;
    while (true) {
      String reply;
      try {
        reply = channel.receive(Long.MAX_VALUE / 4);
      } catch (ControlException e) {
        if (e.kind() == ControlException.Kind.CLOSED && e.getCause() == null && !e.getMessage().contains("middle")) {
          if (answers == 0 && sent.get() > 0) {
            // a script must not take silence for success
            throw new ControlException(ControlException.Kind.CLOSED, channel.peer() + " closed the connection without answering");
          }
          return new Tally(answers, refused); // the server finished and closed its side
        }
        if (e.kind() == ControlException.Kind.COMMAND_FAILED && e.remoteStatus() == CtlExit.REFUSED.code && refused > 0) {
          return new Tally(answers, refused); // the server's ctl said so, and we have seen the refusals
        }
        throw e;
      }
      // a script must not be handed garbage as if it were an answer
      boolean ok = CageClient.parse(reply, channel.peer()).path("ok").asBoolean(false);
      answers++;
      refused += ok ? 0 : 1;
      replies.println(reply);
      replies.flush();
    }
  }
}
