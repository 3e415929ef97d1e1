package helperlab.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The one exit-code scheme of every command, so a script reads any of them the same way: 0 done, 1 the work failed
 * (a defect of ours or a failure on the way, said in one line on stderr), 2 the command was asked wrongly (bad
 * options or input, named in plain words). Codes from 3 up are a command's own, for outcomes a script must tell apart
 * from a failure (a cage that refused, a server not reached, a calibration not put in place): a command names them in
 * its {@code @Command(exitCodeList = ...)}, {@link #applyTo} puts the three shared ones before them, so every
 * {@code --help} lists its codes; docs/cli.md lists them all and CliExitCodesTest holds the two together.
 */
final class ExitCodes {
  static final int OK = 0;
  static final int FAILED = 1;
  static final int USAGE = 2;

  /** The codes every command shares, as picocli's {@code exitCodeList} reads them. */
  static final Map<String, String> SHARED = shared();

  private ExitCodes() {}

  private static Map<String, String> shared() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put(Integer.toString(OK), "done");
    m.put(Integer.toString(FAILED), "the work failed (one line on stderr says why; an internal error names the log"
        + " file with its details)");
    m.put(Integer.toString(USAGE), "bad options or input (one line on stderr names what is wrong)");
    return java.util.Collections.unmodifiableMap(m);
  }

  /** Every command of {@code cl}'s tree lists the shared codes, then its own, under one heading in its help. */
  static CommandLine applyTo(CommandLine cl) {
    UsageMessageSpec usage = cl.getCommandSpec().usageMessage();
    Map<String, String> codes = new LinkedHashMap<>(SHARED);
    for (Map.Entry<String, String> own : usage.exitCodeList().entrySet()) {
      int code = Integer.parseInt(own.getKey().strip());
      if (code <= USAGE) {
        throw new IllegalStateException("the command " + cl.getCommandName() + " gives code " + code + " its own"
            + " meaning: 0 to 2 are every command's");
      }
      codes.put(own.getKey().strip(), own.getValue());
    }
    usage.exitCodeListHeading("%nExit codes:%n").exitCodeList(codes);
    cl.getSubcommands().values().forEach(ExitCodes::applyTo);
    return cl;
  }
}
