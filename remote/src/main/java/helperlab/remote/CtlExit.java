package helperlab.remote;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * What {@code helper-lab ctl} exits with, locally and over SSH, so a script can tell a cage that said
 * no from a cage it never reached. A refusal is an answer with {@code ok: false}; the other answers
 * of the same input are still printed. 0 to 2 are every command's (docs/cli.md); 3 and 4 are ctl's own.
 */
public enum CtlExit {
  OK(0, "every request was answered with ok: true"),
  FAILED(1, "ctl itself failed (one line on stderr says why)"),
  USAGE(2, "bad command-line arguments"),
  UNREACHABLE(3, "the cage was not reached, or the link broke before every answer was in (no cage running, SSH"
      + " login or host key refused, the remote command missing, the session cut or ctl on the server killed, a"
      + " followed stream silent past --stall-limit, the cage closing a follow before its run's end); one line on"
      + " stderr says why and how to resume"),
  REFUSED(4, "the cage answered at least one request with ok: false (an unknown op or policy, malformed JSON,"
      + " a refused exhibit, a doubtful calibration kept aside); every answer is still printed");

  /** What a server's ctl from before the one scheme exited with after a refusal. */
  public static final int REFUSED_BEFORE = 1;

  public final int code;
  public final String meaning;

  CtlExit(int code, String meaning) {
    this.code = code;
    this.meaning = meaning;
  }

  /** Every code with its meaning, one per line, for the help and the docs. */
  public static String table() {
    return Arrays.stream(values()).map(e -> e.code + " " + e.meaning).collect(Collectors.joining("\n"));
  }
}
