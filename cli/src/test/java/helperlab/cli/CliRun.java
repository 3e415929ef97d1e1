package helperlab.cli;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import picocli.CommandLine;

/** One run of the command line in this JVM, on its own writers: its exit code and what it printed on out and err. */
record CliRun(int code, String out, String err) {
  /** Where a defect's stack trace goes when a test's command breaks. */
  static final Path LOG_DIR = Path.of(System.getProperty("java.io.tmpdir"), "helper-lab-test-logs");

  /** Runs {@code helper-lab args...} with an empty stdin. */
  static CliRun of(String... args) {
    return withInput("", args);
  }

  /** Runs {@code helper-lab args...} reading {@code stdin}; nothing global is touched. */
  static CliRun withInput(String stdin, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = Main.commandLine(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), LOG_DIR)
        .setOut(new PrintWriter(out, true))
        .setErr(new PrintWriter(err, true));
    int code = cl.execute(args);
    return new CliRun(code, out.toString(), err.toString());
  }
}
