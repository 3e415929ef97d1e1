package helperlab.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** One run of the command line in this JVM: its exit code and what it printed on stdout and stderr. */
record CliRun(int code, String out, String err) {
  /** Runs {@code helper-lab args...} with an empty stdin. */
  static CliRun of(String... args) {
    return withInput("", args);
  }

  /** Runs {@code helper-lab args...} reading {@code stdin}; System.out, err and in are put back after. */
  static CliRun withInput(String stdin, String... args) {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    InputStream oldIn = System.in;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(out, true));
      System.setErr(new PrintStream(err, true));
      System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
      int code = Main.run(args);
      return new CliRun(code, out.toString(), err.toString());
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
      System.setIn(oldIn);
    }
  }
}
