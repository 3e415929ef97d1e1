package helperlab.cage.measure;

import helperlab.model.Calibration;
import helperlab.model.DataFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a new calibration goes: into the folder in place of the one there, unless the one there was
 * judged steady and the new one is doubtful ({@link CalibrationCheck}); then the new one goes into
 * {@value #DOUBTFUL}/ beside it, nothing measured is lost, and only {@code force} puts it in place. A
 * calibration without a check (made before checks, or given by hand) is not known to be good, so it
 * is replaced.
 */
public final class CalibrationShelf {
  /** The sub-folder a refused calibration is kept in. */
  public static final String DOUBTFUL = "doubtful";

  /**
   * What happened: {@code replaced} when the new calibration is now the folder's; {@code dir}, where
   * it was written; {@code message}, in words for people.
   */
  public record Placed(boolean replaced, Path dir, String message) {}

  private CalibrationShelf() {}

  /** The check kept beside the calibration in {@code dir}, or null when there is none (or it cannot be read). */
  public static CalibrationCheck checkIn(Path dir) {
    Path f = dir.resolve(CalibrationCheck.FILE);
    if (!Files.isRegularFile(f)) {
      return null;
    }
    try {
      return DataFile.read(f, CalibrationCheck.class);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** Whether {@code dir} holds a calibration judged steady. */
  public static boolean holdsAGoodOne(Path dir) {
    CalibrationCheck old = checkIn(dir);
    return Files.isRegularFile(dir.resolve("calibration.json")) && old != null && !old.doubtful();
  }

  /** Writes {@code c}, its check and its report into {@code dir}, or beside it when refused. */
  public static Placed place(Path dir, Calibration c, CalibrationCheck check, Object report, boolean force)
      throws IOException {
    boolean keepOld = check.doubtful() && !force && holdsAGoodOne(dir);
    Path to = keepOld ? dir.resolve(DOUBTFUL) : dir;
    Files.createDirectories(to);
    // the check first: a calibration never stands in the folder without the verdict it was placed by
    DataFile.write(to.resolve(CalibrationCheck.FILE), check);
    DataFile.write(to.resolve("calibration-report.json"), report);
    DataFile.write(to.resolve("calibration.json"), c);
    if (keepOld) {
      CalibrationCheck old = checkIn(dir);
      return new Placed(false, to, "kept the steady calibration of " + (old == null ? "before" : old.at())
          + ": this one is doubtful (" + check.words() + "); it is in " + to + "; calibrate again when the host is"
          + " quiet, or force it in place");
    }
    return new Placed(true, to, check.doubtful()
        ? "doubtful calibration in place (" + check.words() + "): calibrate again when the host is quiet"
        : "steady calibration in place");
  }
}
