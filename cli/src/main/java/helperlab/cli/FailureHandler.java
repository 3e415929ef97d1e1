package helperlab.cli;

import helperlab.model.DataFileException;
import helperlab.model.UserDirs;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * How a command that threw ends, in {@link ExitCodes}' scheme: bad input (an option or file the user gave that
 * cannot be used) carries a sentence for the user and exits 2; a failure on the way (a service or server that did
 * not answer, a disk that would not take the output) is said in its own sentence and exits 1; anything else is a
 * defect of ours, said as such in one sentence that names the log file its stack trace went to, and exits 1 too. So
 * a script can tell "you asked wrongly" from "it did not work", and a user is not handed forty lines of frames.
 */
final class FailureHandler implements IExecutionExceptionHandler {
  static final int BAD_INPUT = ExitCodes.USAGE;
  static final int DEFECT = ExitCodes.FAILED;
  static final int FAILED = ExitCodes.FAILED;

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
    err.println(prefix + inWords(ex));
    err.flush();
    return isBadInput(ex) ? BAD_INPUT : FAILED;
  }

  /**
   * What the user gave and can change: an argument refused by name, a path that is missing or in the way, a data file
   * that is not what it should be. Anything else that says what went wrong is the work failing on the way.
   */
  static boolean isBadInput(Throwable ex) {
    return ex instanceof IllegalArgumentException || ex instanceof FileSystemException
        || ex instanceof DataFileException;
  }

  /**
   * The refusal's sentence. The file system's own exceptions carry only the path as their message ("helper-lab
   * sweep: /tmp/out"), so they are put into words here, once for every command.
   */
  static String inWords(Exception ex) {
    if (!(ex instanceof FileSystemException fs) || fs.getFile() == null) {
      return ex.getMessage();
    }
    String file = fs.getFile();
    String reason = fs.getReason() == null ? "" : " (" + fs.getReason() + ")";
    if (ex instanceof FileAlreadyExistsException) {
      return file + " already exists and is in the way: give a path that does not exist yet, or a folder" + reason;
    }
    if (ex instanceof NoSuchFileException) {
      return "there is no " + file + reason;
    }
    if (ex instanceof AccessDeniedException) {
      return "this account may not write or read " + file + reason;
    }
    if (ex instanceof NotDirectoryException) {
      return file + " is a file where a folder is needed" + reason;
    }
    if (ex instanceof DirectoryNotEmptyException) {
      return file + " is a folder that is not empty" + reason;
    }
    return "could not use " + file + (fs.getReason() == null ? "" : ": " + fs.getReason());
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
