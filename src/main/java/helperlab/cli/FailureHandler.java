package helperlab.cli;

import helperlab.model.UserDirs;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * How a command that threw ends: the product's own refusals (bad input, a file it cannot read, a server it cannot
 * reach) carry a sentence for the user and exit 2; anything else is a defect of ours, said as such in one sentence
 * that names the log file its stack trace went to, and exits 1, so a script can tell "you asked wrongly" from "it
 * broke" and a user is not handed forty lines of frames.
 */
final class FailureHandler implements IExecutionExceptionHandler {
  static final int BAD_INPUT = 2;
  static final int DEFECT = 1;

  private final Path logDir;

  FailureHandler(Path logDir) {
    this.logDir = logDir;
  }

  /** Where defects are logged outside tests: {@code logs/} in the lab's home. */
  static Path defaultLogDir() {
    return UserDirs.current().labHome().resolve("logs");
  }

  @Override
  public int handleExecutionException(Exception ex, CommandLine cmd, ParseResult parseResult) {
    PrintWriter err = cmd.getErr();
    String prefix = "helper-lab " + cmd.getCommandName() + ": ";
    if (isDefect(ex)) {
      String trace = trace(ex);
      try {
        Path log = writeLog(cmd.getCommandName(), trace);
        err.println(prefix + "stopped by an internal error (" + ex.getClass().getSimpleName() + "); its details are in "
            + log + ", please report it with that file.");
      } catch (IOException cannotLog) {
        // no log file to point at: the trace itself is then the only report there will be
        err.println(prefix + "stopped by an internal error; please report it with the lines below (no log file: "
            + cannotLog.getMessage() + ").");
        err.print(trace);
      }
      err.flush();
      return DEFECT;
    }
    err.println(prefix + ex.getMessage());
    err.flush();
    return BAD_INPUT;
  }

  private Path writeLog(String command, String trace) throws IOException {
    Files.createDirectories(logDir);
    String stamp = Instant.now().toString().replace(':', '-');
    Path log = logDir.resolve("helper-lab-" + command + "-" + stamp + "-" + ProcessHandle.current().pid() + ".log");
    Files.writeString(log, "helper-lab " + command + " " + ManifestVersion.of(Main.class.getPackage()) + "\n" + trace,
        StandardCharsets.UTF_8);
    return log;
  }

  private static String trace(Throwable ex) {
    StringWriter w = new StringWriter();
    ex.printStackTrace(new PrintWriter(w, true));
    return w.toString();
  }

  /** A message-less exception or one the JVM raises for a programming error never was meant for the user. */
  static boolean isDefect(Throwable ex) {
    String message = ex.getMessage();
    return message == null || message.isBlank()
        || ex instanceof NullPointerException
        || ex instanceof ClassCastException
        || ex instanceof IndexOutOfBoundsException
        || ex instanceof ArithmeticException
        || ex instanceof AssertionError;
  }
}
