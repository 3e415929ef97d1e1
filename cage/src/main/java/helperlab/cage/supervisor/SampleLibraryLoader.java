package helperlab.cage.supervisor;

import helperlab.cage.image.SampleLibrary;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** The sample library exhibits draw from, made in the data directory the first time it is needed. */
final class SampleLibraryLoader {
  private final Path dir;
  private final PrintStream log;
  private volatile SampleLibrary samples;
  private volatile String status = "not loaded";

  SampleLibraryLoader(Path dir, PrintStream log) {
    this.dir = dir;
    this.log = log;
  }

  /** Opens the library, making it first if there is none (slow: run off the supervisor's thread). */
  void load() {
    try {
      if (!Files.isRegularFile(dir.resolve(SampleLibrary.MANIFEST))) {
        status = "making the sample library in " + dir + " (helper-lab cage samples)";
        log.println("cage: " + status);
        SampleLibrary.generate(dir, 16, SampleLibrary.MIN_MP, SampleLibrary.MAX_MP, 1);
      }
      samples = SampleLibrary.open(dir);
      status = samples.samples().size() + " samples in " + dir;
    } catch (IOException | RuntimeException e) {
      status = "no sample library: " + e.getMessage();
    }
  }

  /** The library, or null while it is not (yet) there. */
  SampleLibrary samples() {
    return samples;
  }

  String status() {
    return status;
  }
}
