package helperlab.cage.ctl;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.measure.CageCalibration;
import helperlab.cage.measure.CalibrationCheck;
import helperlab.cage.measure.CalibrationMain;
import helperlab.cage.measure.CalibrationShelf;
import helperlab.cage.supervisor.Supervisor;
import helperlab.cage.worker.WorkerLauncher;
import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.model.MachineSpec;
import helperlab.protocol.ctl.CalibrationLine;
import helperlab.protocol.ctl.Reply;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code ctl calibrate}: measures this cage with {@code helper-lab calibrate} in a child process (its
 * own capped cgroup, the cage's limits, the cage's sample library), streams every line it prints as
 * progress, then keeps the result beside the cage's data ({@link CageCalibration#ownFile}) and hands it
 * to the supervisor, so the following exhibits forecast and record with it; unless it is doubtful and
 * the cage's own is steady ({@link CalibrationShelf}): then the cage keeps its own and refuses, unless
 * forced. A child process, so a failing calibration cannot take the supervisor with it. One at a time,
 * never during an exhibit.
 */
final class CalibrationJob {

  private final Supervisor supervisor;
  private final AtomicBoolean running = new AtomicBoolean();

  CalibrationJob(Supervisor supervisor) {
    this.supervisor = supervisor;
  }

  /** Whether a calibration is running now (an exhibit then waits: both would be spoiled). */
  boolean running() {
    return running.get();
  }

  void run(boolean quick, boolean force, CtlLines out) throws IOException {
    if (!running.compareAndSet(false, true)) {
      throw new IllegalStateException("a calibration is already running on this cage");
    }
    try {
      if (supervisor.onLoop(Supervisor::exhibitRunning)) {
        throw new IllegalStateException("an exhibit is running; calibrate when it ends");
      }
      if (supervisor.samples() == null) {
        throw new IllegalStateException("the cage's sample library is not ready (" + supervisor.samplesStatus()
            + "); calibrate when status says the samples are loaded");
      }
      Path data = supervisor.config().dataDir().toAbsolutePath();
      Path work = data.resolve("calibrating");
      Path home = CageCalibration.ownFile(data).getParent();
      // measured into a folder of its own; put in place (or not) once judged
      Path result = work.resolve("result");
      Files.createDirectories(result);
      Files.deleteIfExists(result.resolve("calibration.json"));
      Path samples = work.resolve("samples");
      if (!Files.exists(samples)) {
        Files.createSymbolicLink(samples, supervisor.config().samplesDir().toAbsolutePath());
      }
      MachineSpec m = supervisor.machine();
      List<String> cmd = new ArrayList<>(List.of(WorkerLauncher.javaCommand(), "-cp", System.getProperty("java.class.path"),
          CalibrationMain.class.getName()));
      cmd.addAll(quick ? CalibrationMain.args(work, result, m.cores(), memoryBytes(m), 2, 5, 3)
          : CalibrationMain.args(work, result, m.cores(), memoryBytes(m), 5, 20, 12));
      long started = System.nanoTime();
      progress(out, (quick ? "quick" : "full") + " calibration of this cage: " + String.join(" ", cmd.subList(4, cmd.size())));
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      String last = "";
      boolean listening = true;
      try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = in.readLine()) != null) {
          if (!line.isBlank() && !line.contains(" INFO ")) {
            last = line;
            // a client that went away does not stop the calibration: its result is kept all the same
            listening = listening && progress(out, line);
          }
        }
      }
      int code = waitFor(p);
      if (code != 0) {
        out.send(Reply.refused("the calibration failed (exit " + code + "): " + last));
        return;
      }
      Calibration c = Calibration.load(result.resolve("calibration.json"));
      CalibrationCheck check = DataFile.read(result.resolve(CalibrationCheck.FILE), CalibrationCheck.class);
      CalibrationShelf.Placed placed = CalibrationShelf.place(home, c, check,
          DataFile.read(result.resolve("calibration-report.json"), JsonNode.class), force);
      if (!placed.replaced()) {
        out.send(CalibrationLine.Refused.of(placed.message(), placed.dir().resolve("calibration.json").toString(),
            check.doubts()));
        return;
      }
      supervisor.onLoop(s -> {
        s.useCalibration(c);
        return null;
      });
      out.send(new CalibrationLine.Done(true, CalibrationLine.DONE, check.doubtful(), check.doubts(), placed.message(),
          c.name(), CageCalibration.measuredHere(c), CageCalibration.ownFile(data).toString(),
          (System.nanoTime() - started) / 1e9));
    } finally {
      running.set(false);
    }
  }

  /** The cage's memory limit, at least 16 MiB (calibrate's floor), in bytes. */
  private static long memoryBytes(MachineSpec m) {
    return Math.max(16, (long) m.memoryMb()) << 20;
  }

  // The quick ladder: 2 repetitions, 5 s per concurrency level, 3 fresh workers timed (the full one: 5, 20 s, 12).

  private static boolean progress(CtlLines out, String line) {
    return out.send(CalibrationLine.Progress.of(line));
  }

  private static int waitFor(Process p) {
    try {
      return p.waitFor();
    } catch (InterruptedException e) {
      p.destroy();
      Thread.currentThread().interrupt();
      return -1;
    }
  }
}
