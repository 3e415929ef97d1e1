package helperlab.remote;

import java.io.IOException;
import java.util.List;

/** The control command as a child process on this machine, talked to over its pipes. */
public final class LocalProcessTransport implements ControlTransport {
  private final List<String> command;

  public LocalProcessTransport(List<String> command) {
    if (command.isEmpty()) {
      throw new IllegalArgumentException("a local control command is needed");
    }
    this.command = List.copyOf(command);
  }

  @Override
  public LineChannel open() throws ControlException {
    try {
      Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
      return new LineChannel(p.getInputStream(), p.getOutputStream(), describe(), LineChannel.DEFAULT_MAX_LINE_BYTES,
          () -> destroyTree(p)).exitStatus(String.join(" ", command), () -> {
            try {
              return p.waitFor(2, java.util.concurrent.TimeUnit.SECONDS) ? p.exitValue() : -1;
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
              return -1;
            }
          });
    } catch (IOException e) {
      throw new ControlException(ControlException.Kind.UNREACHABLE, "cannot start " + String.join(" ", command) + ": "
          + e.getMessage(), e);
    }
  }

  /**
   * Ends the command and whatever it started: a child left behind (a script's {@code sleep}) would keep running and hold
   * the error stream it inherited from us. Its children are found before it dies, while they are still its own.
   */
  private static void destroyTree(Process p) {
    p.descendants().forEach(ProcessHandle::destroy);
    p.destroy();
  }

  @Override
  public String describe() {
    return "local process";
  }
}
