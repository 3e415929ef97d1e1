package helperlab.cli;

import helperlab.cage.service.CtlServer;
import helperlab.remote.ControlException;
import helperlab.remote.LineChannel;
import helperlab.remote.LinePipe;
import helperlab.remote.SshSettings;
import helperlab.remote.SshTransport;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code helper-lab ctl}: JSON lines in (requests), JSON lines out (answers), to the local cage. */
@Command(name = "ctl", mixinStandardHelpOptions = true,
    description = {"Control the local cage: one JSON request per line on stdin, answers as JSON lines on stdout.",
        "Requests: {\"op\":\"status\"}, {\"op\":\"set-policy\",\"policy\":\"box\"}, {\"op\":\"press\"},"
            + " {\"op\":\"exhibit\",\"policy\":\"box\",\"scenario\":\"calm\",\"seed\":3} (optionally with"
            + " \"trigger\":{\"kind\":\"spike\",\"at_s\":35,\"duration_s\":30,\"size\":1}: spike or slowdown),"
            + " {\"op\":\"follow\",\"from\":\"0-0\"}, {\"op\":\"runs\"}, {\"op\":\"run\",\"id\":\"...\"}.",
        "Every answer carries \"ok\", and \"error\" when it is false.",
        "With --ssh the same lines go to 'ctl' on a server over SSH (host keys checked against known_hosts).",
        "Exit code 1 if the cage cannot be reached or the connection fails (one line on stderr says why),"
            + " 2 for bad arguments."})
public final class CtlCommand implements Callable<Integer> {
  @Option(names = "--data", defaultValue = "cage-data", description = "the cage's data directory (default: ${DEFAULT-VALUE})")
  Path data;

  @Mixin
  SshOptions remote = new SshOptions();

  @Option(names = "--remote-command", paramLabel = "CMD",
      description = "how to start ctl on the server (default: " + SshSettings.DEFAULT_REMOTE_COMMAND + ")")
  String remoteCommand;

  @Option(names = "--max-reply-bytes", defaultValue = "" + LineChannel.DEFAULT_MAX_LINE_BYTES,
      description = "longest reply line accepted from the server (default: ${DEFAULT-VALUE})")
  int maxReplyBytes;

  @Override
  public Integer call() throws IOException {
    if (remote.ssh != null) {
      return remote(System.in, System.out, System.err);
    }
    return run(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)), System.out);
  }

  /** Over SSH: requests from {@code in} to the server's ctl, its answers to {@code out}, one failure line to {@code err}. */
  int remote(InputStream in, PrintStream out, PrintStream err) {
    SshSettings settings;
    try {
      settings = remote.settings(remoteCommand);
    } catch (IllegalArgumentException e) {
      err.println("helper-lab ctl: " + e.getMessage());
      return 2;
    }
    ConsolePrompts prompts = new ConsolePrompts();
    SshTransport transport = new SshTransport(settings, prompts, prompts, maxReplyBytes);
    try (LineChannel channel = transport.open()) {
      LinePipe.run(channel, in, out);
      return 0;
    } catch (ControlException e) {
      out.flush();
      err.println("helper-lab ctl: " + SshOptions.explain(e, settings));
      return 1;
    }
  }

  int run(BufferedReader in, PrintStream out) throws IOException {
    Path socket = data.resolve("run").resolve(CtlServer.SOCKET);
    String line;
    int code = 0;
    while ((line = in.readLine()) != null) {
      if (line.isBlank()) {
        continue;
      }
      if (!Files.exists(socket)) {
        out.println(error("no cage is running on " + data.toAbsolutePath() + " (no control socket at " + socket
            + "); start one with: helper-lab cage serve --data " + data));
        out.flush();
        return 1;
      }
      try (SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX)) {
        c.connect(UnixDomainSocketAddress.of(socket));
        c.write(java.nio.ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8)));
        c.shutdownOutput();
        BufferedReader answers = new BufferedReader(new InputStreamReader(Channels.newInputStream(c), StandardCharsets.UTF_8));
        String answer;
        while ((answer = answers.readLine()) != null) {
          out.println(answer);
          out.flush();
          if (out.checkError()) {
            // whoever read our answers is gone (a cut SSH session): stop following instead of living on
            return 1;
          }
        }
      } catch (IOException e) {
        out.println(error("cannot reach the cage at " + socket + ": " + e.getMessage()));
        out.flush();
        code = 1;
      }
    }
    return code;
  }

  private static String error(String message) {
    return "{\"ok\":false,\"error\":" + helperlab.model.DataFile.compact(message) + "}";
  }
}
