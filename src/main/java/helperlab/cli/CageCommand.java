package helperlab.cli;

import helperlab.cage.SampleLibrary;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code helper-lab cage}: the real service (serve), its sample library (samples) and its benchmark (bench). */
@Command(name = "cage", mixinStandardHelpOptions = true,
    description = "The cage: the real image-resize service the lab controls.",
    subcommands = {CageCommand.Samples.class})
public final class CageCommand implements Runnable {
  @Override
  public void run() {
    new picocli.CommandLine(this).usage(System.out);
  }

  /** {@code helper-lab cage samples}: a reproducible library of photo-like images. */
  @Command(name = "samples", mixinStandardHelpOptions = true,
      description = "Make a library of photo-like JPEGs from 0.3 to 70 MP (log-spaced), reproducibly, with samples.json.")
  static final class Samples implements Callable<Integer> {
    @Option(names = "--out", required = true, description = "output directory")
    Path out;

    @Option(names = "--count", defaultValue = "16", description = "how many images (default: ${DEFAULT-VALUE})")
    int count;

    @Option(names = "--min-mp", defaultValue = "0.3", description = "smallest, in megapixels (default: ${DEFAULT-VALUE})")
    double minMp;

    @Option(names = "--max-mp", defaultValue = "70", description = "largest, in megapixels (default: ${DEFAULT-VALUE})")
    double maxMp;

    @Option(names = "--seed", defaultValue = "1", description = "seed of the pictures (default: ${DEFAULT-VALUE})")
    long seed;

    @Override
    public Integer call() throws Exception {
      long t0 = System.nanoTime();
      SampleLibrary lib = SampleLibrary.generate(out, count, minMp, maxMp, seed);
      double mp = lib.samples().stream().mapToDouble(SampleLibrary.Sample::megapixels).sum();
      System.out.printf(Locale.ROOT, "%d samples, %.1f MP in all, in %.1f s: %s%n", lib.samples().size(), mp,
          (System.nanoTime() - t0) / 1e9, out.toAbsolutePath());
      return 0;
    }
  }
}
