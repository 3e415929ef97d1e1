package helperlab.remote;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Copies JSON lines from a local stream to a control channel and the replies back, for scripts:
 * {@code helper-lab ctl --ssh ...} with requests on stdin. Stops when stdin ends and the server has
 * closed its side, or on the first failure; a reply that is not a cage's JSON answer is such a failure.
 */
public final class LinePipe {
  private LinePipe() {}

  /** Returns when the server side is done; throws the failure that ended it, if any. */
  public static void run(LineChannel channel, InputStream requests, PrintStream replies) throws ControlException {
    Thread writer = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(requests, StandardCharsets.UTF_8))) {
        String line;
        while ((line = in.readLine()) != null) {
          if (!line.isBlank()) {
            channel.send(line);
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
    while (true) {
      String reply;
      try {
        reply = channel.receive(Long.MAX_VALUE / 4);
      } catch (ControlException e) {
        if (e.kind() == ControlException.Kind.CLOSED && e.getCause() == null && !e.getMessage().contains("middle")) {
          return; // the server finished and closed its side
        }
        throw e;
      }
      CageClient.parse(reply, channel.peer()); // a script must not be handed garbage as if it were an answer
      replies.println(reply);
      replies.flush();
    }
  }
}
