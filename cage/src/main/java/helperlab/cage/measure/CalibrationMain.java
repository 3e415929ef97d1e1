package helperlab.cage.measure;

import helperlab.model.DataFile;
import java.nio.file.Path;
import java.util.List;

/**
 * The entry point a cage starts to calibrate itself in a child process ({@code ctl calibrate}), so a
 * failing calibration cannot take the supervisor with it: the calibrator's run, its lines on stdout,
 * its result written as {@code calibration.json}, {@code calibration-report.json} and its check into a folder
 * of its own, from which the cage puts it in place ({@link CalibrationShelf}). The command line
 * is {@link #args}'s, made by the caller; {@code helper-lab calibrate} is the same run for people.
 */
public final class CalibrationMain {
  private CalibrationMain() {}

  /** The arguments for a run: scratch folder, output folder, quota, memory limit and the ladder's size. */
  public static List<String> args(Path data, Path out, double cpus, long memoryBytes, int reps, double secondsPerLevel,
      int spawns) {
    return List.of(data.toString(), out.toString(), Double.toString(cpus), Long.toString(memoryBytes),
        Integer.toString(reps), Double.toString(secondsPerLevel), Integer.toString(spawns));
  }

  public static void main(String[] a) throws Exception {
    if (a.length != 7) {
      System.err.println("usage: DATA OUT CPUS MEMORY_BYTES REPS SECONDS_PER_LEVEL SPAWNS");
      System.exit(2);
    }
    Calibrator.Report r = new Calibrator(Path.of(a[0]), Double.parseDouble(a[2]), Long.parseLong(a[3]),
        Integer.parseInt(a[4]), Double.parseDouble(a[5]), Integer.parseInt(a[6]), System.out::println).run();
    Path out = Path.of(a[1]);
    DataFile.write(out.resolve(CalibrationCheck.FILE), r.check());
    DataFile.write(out.resolve("calibration-report.json"), r);
    DataFile.write(out.resolve("calibration.json"), r.calibration());
  }
}
