package helperlab.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** placeholder */
@Command(name = "sweep", mixinStandardHelpOptions = true, description = "Run the sweep.")
public final class SweepCommand implements Callable<Integer> {
  @Override
  public Integer call() {
    return 0;
  }
}
