package helperlab.cli;

import helperlab.cage.image.ImageHeader;
import helperlab.cage.worker.WorkerMain;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code helper-lab worker}: one worker process of the cage, speaking frames on stdin and stdout. */
@Command(name = "worker", mixinStandardHelpOptions = true,
    description = {"A cage worker process: framed JSON on stdin (images in) and stdout (results and heartbeats out).",
        "Started and stopped by 'helper-lab cage serve'; not meant to be run by hand."},
    exitCodeList = "3:an image failed in a way that may have left this worker unsound (the supervisor starts a fresh one)")
public final class WorkerCommand implements Callable<Integer> {
  @Option(names = "--max-pixels", description = "refuse images declaring more pixels than this (default: ${DEFAULT-VALUE})")
  long maxPixels = ImageHeader.DEFAULT_MAX_PIXELS;

  @Override
  public Integer call() {
    if (maxPixels < 1) {
      throw new IllegalArgumentException("--max-pixels must be at least 1, got " + maxPixels);
    }
    return WorkerMain.runOnStdio(maxPixels);
  }
}
