package helperlab.cage.supervisor;

import helperlab.cage.image.SampleLibrary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The sample library exhibits draw from, made in the data directory the first time it is needed. */
final class SampleLibraryLoader {
  private static final Logger LOG = LoggerFactory.getLogger(SampleLibraryLoader.class);

  private final Path dir;
  private volatile SampleLibrary samples;
  private volatile String status = "not loaded";

  SampleLibraryLoader(Path dir) {
    this.dir = dir;
  }

  /** Opens the library, making it first if there is none (slow: run off the supervisor's thread). */
  void load() {
    try {
      if (!Files.isRegularFile(dir.resolve(SampleLibrary.MANIFEST))) {
        status = "making the sample library in " + dir + " (helper-lab cage samples)";
        LOG.info("cage: " + status);
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
