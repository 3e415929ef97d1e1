package helperlab.cli;

import java.io.PrintWriter;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code deploy} says as it goes, each line on stderr as "deploy: ..."; on a terminal the jar's copy, the long part
 * over a slow link, is a bar with an estimate instead of a line per tenth. The deployer (in {@code remote}) reports the
 * copy in words, "copying NAME (N KiB) over SFTP" then "copied P% of M MiB", which is what this reads.
 */
final class DeployLines implements Consumer<String>, AutoCloseable {
  private static final Pattern COPYING = Pattern.compile("^copying \\S+ \\((\\d+) KiB\\) over SFTP");
  private static final Pattern COPIED = Pattern.compile("^copied (\\d+)% of ");

  private final PrintWriter err;
  private final boolean onTerminal;
  private TerminalProgress copy;
  private long kib;

  DeployLines(PrintWriter err, boolean onTerminal) {
    this.err = err;
    this.onTerminal = onTerminal;
  }

  @Override
  public synchronized void accept(String line) {
    Matcher copying = COPYING.matcher(line);
    Matcher copied = COPIED.matcher(line);
    if (copying.find()) {
      say(line);
      kib = Long.parseLong(copying.group(1));
      copy = TerminalProgress.start(err, onTerminal, "copying", kib, "KiB");
    } else if (copied.find() && copy != null && copy.shown()) {
      int percent = Integer.parseInt(copied.group(1));
      copy.stepTo(kib * percent / 100);
      if (percent >= 100) {
        close();
      }
    } else {
      say(line);
    }
  }

  private void say(String line) {
    if (copy != null) {
      copy.line(err, "deploy: " + line);
    } else {
      err.println("deploy: " + line);
      err.flush();
    }
  }

  /** Ends a copy's bar still drawn (a copy cut short). */
  @Override
  public synchronized void close() {
    if (copy != null) {
      copy.close();
      copy = null;
    }
  }
}
