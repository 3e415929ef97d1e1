package helperlab.cli;

import picocli.CommandLine.Option;

/** {@code --quiet}, shared by the long commands: no progress bar (it shows only on a terminal in any case). */
public final class QuietOption {
  @Option(names = {"-q", "--quiet"}, description = "no progress bar on the terminal (none is drawn when output goes to a "
      + "file or a pipe anyway)")
  boolean quiet;
}
