package helperlab.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * How a command that threw ends: the product's own refusals (bad input, a file it cannot read, a server it cannot
 * reach) carry a sentence for the user and exit 2; anything else is a defect of ours, said as such with its stack
 * trace for the report, and exits 1, so a script can tell "you asked wrongly" from "it broke".
 */
final class FailureHandler implements IExecutionExceptionHandler {
  static final int BAD_INPUT = 2;
  static final int DEFECT = 1;

  @Override
  public int handleExecutionException(Exception ex, CommandLine cmd, ParseResult parseResult) {
    PrintWriter err = cmd.getErr();
    String prefix = "helper-lab " + cmd.getCommandName() + ": ";
    if (isDefect(ex)) {
      err.println(prefix + "stopped by an internal error; please report it with the lines below.");
      ex.printStackTrace(err);
      err.flush();
      return DEFECT;
    }
    err.println(prefix + ex.getMessage());
    err.flush();
    return BAD_INPUT;
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
