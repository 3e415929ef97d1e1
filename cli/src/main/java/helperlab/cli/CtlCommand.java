package helperlab.cli;

import helperlab.cage.ctl.CtlServer;
import helperlab.protocol.Wire;
import helperlab.protocol.ctl.Reply;
import helperlab.remote.ControlException;
import helperlab.remote.CtlExit;
import helperlab.remote.DeployOptions;
import helperlab.remote.LineChannel;
import helperlab.remote.LinePipe;
import helperlab.remote.SshSettings;
import helperlab.remote.SshTransport;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code helper-lab ctl}: JSON lines in (requests), JSON lines out (answers), to the local cage or one over SSH. */
@Command(name = "ctl", mixinStandardHelpOptions = true, sortOptions = false, subcommands = RecordsCommand.class,
    description = {"Control a cage: one JSON request per line on stdin, answers as JSON lines on stdout (UTF-8)."
        + " Every answer carries \"ok\", and \"error\" when it is false.",
        "",
        "Requests:",
        "  {\"op\":\"status\"}                              the cage's state, policy, calibration, services",
        "  {\"op\":\"set-policy\",\"policy\":\"box\"}           the live run's policy",
        "  {\"op\":\"press\",\"scenario\":\"calm\"}             the big button: one batch now",
        "  {\"op\":\"exhibit\",\"policy\":\"box\",\"scenario\":\"calm\",\"seed\":3}   a one-minute exhibit; optional"
            + " \"duration_s\", \"wait\":true (answer when it ends), \"trigger\":{\"kind\":\"spike\",\"at_s\":35,"
            + "\"duration_s\":30,\"size\":1} (spike or slowdown)",
        "  {\"op\":\"follow\",\"from\":\"0-0\"}                 the live run's events from a stream id (\"run\": another run's)",
        "  {\"op\":\"runs\"}                                every recorded run, newest first",
        "  {\"op\":\"run\",\"id\":\"...\"}                       one run's whole record",
        "  {\"op\":\"calibrate\",\"quick\":true}              measure the cage (progress lines, then the result);"
            + " a doubtful result (noisy host, a curve that falls and rises) does not replace a steady calibration"
            + " (ok: false, kept in calibration/doubtful) unless \"force\":true",
        "",
        "'ctl records' lists the cage's past runs; 'ctl records ID... --out DIR' fetches their records"
            + " (the options above go before 'records').",
        "",
        "With --ssh the same lines go to ctl on a server (host keys checked against known_hosts); by default it"
            + " runs the ctl that 'helper-lab deploy' left in --remote-dir, else 'helper-lab ctl' on the server's PATH.",
        "",
        "A refusal or a lost cage is not a failure of ctl: they have codes of their own (below), and over SSH the"
            + " server's ctl exits with the same."},
    exitCodeList = {
        "3:the cage was not reached, or the link broke before every answer was in: the SSH session cut, ctl on the"
            + " server killed, a followed stream silent past --stall-limit, the cage stopping mid-stream (one line on"
            + " stderr says why, and how to resume)",
        "4:the cage answered at least one request with ok: false (every answer is still printed)"})
public final class CtlCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @ParentCommand
  Main main;

  /** Set by a deployment's {@code ctl} script to the directory the cage was deployed in. */
  static final String DEPLOYMENT_ENV = "HELPERLAB_DEPLOYMENT";

  @Option(names = "--data", defaultValue = "cage-data", description = "the local cage's data directory (default: ${DEFAULT-VALUE})")
  Path data;

  @Mixin
  SshOptions remote = new SshOptions();

  @Option(names = "--remote-dir", paramLabel = "DIR", defaultValue = DeployOptions.DEFAULT_REMOTE_DIR,
      description = "with --ssh: where 'helper-lab deploy' put the cage (default: ${DEFAULT-VALUE})")
  String remoteDir;

  @Option(names = "--remote-command", paramLabel = "CMD",
      description = "with --ssh: how to start ctl on the server instead (e.g. 'helper-lab ctl --data /srv/cage')")
  String remoteCommand;

  @Option(names = "--stall-limit", paramLabel = "SECONDS", defaultValue = "" + LinePipe.STALL_MS / 1000,
      description = "with --ssh: how long a followed stream may say nothing (the cage sends a line every 2 s) before"
          + " the link counts as stalled and ctl exits 3 (default: ${DEFAULT-VALUE})")
  double stallLimitS;

  @Option(names = "--max-reply-bytes", defaultValue = "" + LineChannel.DEFAULT_MAX_LINE_BYTES,
      description = "longest reply line accepted from the server (default: ${DEFAULT-VALUE})")
  int maxReplyBytes;

  @Override
  public Integer call() throws IOException {
    // Main.main gives ctl a UTF-8 writer whatever this JVM's locale says (a POSIX locale over SSH would make them '?')
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (remote.ssh != null) {
      return remote(main.in, out, err);
    }
    SessionWatch.start(err); // the server's side of ctl --ssh: it ends with its session
    return run(new BufferedReader(new InputStreamReader(main.in, StandardCharsets.UTF_8)), out);
  }

  /** Over SSH: requests from {@code in} to the server's ctl, its answers to {@code out}, one failure line to {@code err}. */
  int remote(InputStream in, PrintWriter out, PrintWriter err) {
    SshSettings settings;
    try {
      new DeployOptions(remoteDir, null, null, null, 0); // the directory checked as deploy checks it
      settings = remote.settings(remoteCommand != null ? remoteCommand : SshSettings.deployedCtl(remoteDir));
      if (!(stallLimitS > 0)) {
        throw new IllegalArgumentException("--stall-limit must be a number of seconds above 0, not " + stallLimitS);
      }
    } catch (IllegalArgumentException e) {
      err.println("helper-lab ctl: " + e.getMessage());
      err.flush();
      return CtlExit.USAGE.code;
    }
    ConsolePrompts prompts = new ConsolePrompts();
    SshTransport transport = new SshTransport(settings, prompts, prompts, maxReplyBytes);
    try (LineChannel channel = transport.open()) {
      return LinePipe.run(channel, in, out, (long) Math.ceil(stallLimitS * 1000)).exit().code;
    } catch (ControlException e) {
      out.flush();
      err.println("helper-lab ctl: " + explain(e, settings));
      err.flush();
      return CtlExit.UNREACHABLE.code;
    }
  }

  private String explain(ControlException e, SshSettings settings) {
    if (e.remoteStatus() == 127 && remoteCommand == null) {
      return "no deployed cage in " + remoteDir + " and no helper-lab on the PATH of " + settings.target()
          + " (the remote command exited with status 127); deploy one with helper-lab deploy --ssh "
          + settings.target() + ", or say where it is with --remote-dir or --remote-command";
    }
    if (e.remoteStatus() == CtlExit.UNREACHABLE.code) {
      return "ctl on " + settings.target() + " could not reach its cage (its answer above says why)";
    }
    return SshOptions.explain(e, settings);
  }

  /** Locally, through the cage's control socket: one connection per request. */
  int run(BufferedReader in, PrintWriter out) throws IOException {
    Path socket = data.resolve("run").resolve(CtlServer.SOCKET);
    String line;
    CtlExit exit = CtlExit.OK;
    while ((line = in.readLine()) != null) {
      if (line.isBlank()) {
        continue;
      }
      if (!Files.exists(socket)) {
        out.println(error(noCage(socket)));
        out.flush();
        return CtlExit.UNREACHABLE.code;
      }
      try (SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX)) {
        c.connect(UnixDomainSocketAddress.of(socket));
        c.write(ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8)));
        c.shutdownOutput();
        BufferedReader answers = new BufferedReader(new InputStreamReader(Channels.newInputStream(c), StandardCharsets.UTF_8));
        AnswerEnd end = new AnswerEnd(line);
        String answer;
        while ((answer = answers.readLine()) != null) {
          out.println(answer);
          out.flush();
          if (out.checkError()) {
            // whoever read our answers is gone (a cut SSH session): stop following instead of living on
            return CtlExit.UNREACHABLE.code;
          }
          end.saw(answer);
          if (exit == CtlExit.OK && refused(answer)) {
            exit = CtlExit.REFUSED;
          }
        }
        String cut = end.cutShort(data);
        if (cut != null) {
          // the cage closed before the answer was whole (it stopped or restarted): not a finished run
          out.println(error(cut));
          out.flush();
          return CtlExit.UNREACHABLE.code;
        }
      } catch (IOException e) {
        out.println(error("cannot reach the cage at " + socket + ": " + e.getMessage()));
        out.flush();
        return CtlExit.UNREACHABLE.code;
      }
    }
    return exit.code;
  }

  /**
   * No cage answers: where ctl runs as a deployment's {@code ctl} script, the advice starts the
   * deployed cage (with its config), never a bare {@code cage serve} beside it.
   */
  private String noCage(Path socket) {
    String deployment = System.getenv(DEPLOYMENT_ENV);
    if (deployment != null && !deployment.isBlank()) {
      return "the cage deployed in " + deployment + " is not running (it was stopped, or it exited: see "
          + deployment + "/cage.log); start it again with helper-lab deploy (it keeps the data and settings), or"
          + " on the server: " + deployment + "/cage-serve";
    }
    return "no cage is running on " + data.toAbsolutePath() + " (no control socket at " + socket
        + "); start one with: helper-lab cage serve --data " + data;
  }

  private static boolean refused(String answer) {
    try {
      return !Wire.read(answer, Reply.class).succeeded();
    } catch (IllegalArgumentException e) {
      return true; // not an answer at all
    }
  }

  private static String error(String message) {
    return Wire.line(Reply.refused(message));
  }
}
