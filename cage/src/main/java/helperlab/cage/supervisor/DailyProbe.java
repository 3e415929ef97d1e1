package helperlab.cage.supervisor;

import helperlab.cage.image.SampleLibrary;
import helperlab.cage.limits.CgroupCage;
import helperlab.cage.measure.CageCalibration;
import helperlab.cage.measure.SpeedProbe;
import helperlab.cage.worker.WorkerLauncher;
import helperlab.model.Calibration;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The day's speed probe, taken as each run starts, and the workers' class-data archive dumped at boot,
 * which the probe waits for (the dump takes a core for seconds).
 */
final class DailyProbe {
  private static final Logger LOG = LoggerFactory.getLogger(DailyProbe.class);

  private final WorkerLauncher launcher;
  private final CgroupCage cage;
  private final Calibration calibration;
  private final Path runDir;
  private volatile Thread archiveThread;

  DailyProbe(WorkerLauncher launcher, CgroupCage cage, Calibration calibration, Path runDir) {
    this.launcher = launcher;
    this.cage = cage;
    this.calibration = calibration;
    this.runDir = runDir;
  }

  /** Dumps the archive on a thread of its own. */
  void startArchive() {
    Thread archive = new Thread(launcher::prepareArchive, "cds-archive");
    archive.setDaemon(true);
    archiveThread = archive;
    archive.start();
  }

  /**
   * The probe for a run that starts now, while the cage is idle (a few seconds on the loop); only
   * kept when the calibration was measured the same way, on this cage. Null when none can be taken.
   */
  Double measure(SampleLibrary samples) {
    if (samples == null || !CageCalibration.measuredHere(calibration)) {
      return null;
    }
    try {
      Thread archive = archiveThread;
      if (archive != null) {
        // measured against the archive dump, the first run after boot read 143 ms against 107-112 ms
        archive.join(120_000);
      }
      double ms = SpeedProbe.measure(launcher, cage, samples, runDir);
      LOG.info(String.format(Locale.ROOT, "cage: speed probe %.1f ms (calibration's %.1f ms)", ms, calibration.speedProbeMs()));
      return ms;
    } catch (IOException e) {
      LOG.warn("cage: the speed probe failed: " + e.getMessage());
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
