package helperlab.cage.run;

import helperlab.protocol.CageStatusReport;

import helperlab.cage.config.CageConfig;
import helperlab.cage.worker.HostFault;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The host's storage as the cage writes to it: outputs and their temporary files, the data directory (run records,
 * pid files), dead letters. A write the host refuses (no space, no quota, read-only, an I/O error: {@link HostFault})
 * pauses the work instead of blaming an image: dispatch holds its jobs, a worker that met the fault keeps its image and
 * waits, the intake answers 503 with the reason. At each watchdog round while paused, once the retry is due, a probe
 * write (as large as a big output) is made where the faults were; when it succeeds the work resumes, and what waited
 * for the storage (a dead letter to file, a record to write) is done. A retry that fails again doubles the wait, up to
 * {@link #MAX_WAIT_S} (and so does a pause that follows a resume before any output was published). The state is read from any thread (status, the intake); it changes on the supervisor's.
 */
public final class StorageGuard {
  private static final Logger LOG = LoggerFactory.getLogger(StorageGuard.class);

  /** The first retry after a fault, in seconds; each failed retry doubles it. */
  static final double FIRST_WAIT_S = 1;
  static final double MAX_WAIT_S = 30;
  /** A probe as large as a large output (an archive JPEG), so "back" means room for the next one. */
  static final int PROBE_BYTES = 4 << 20;

  /** A place the cage writes, named as status names it. */
  record Place(String name, Path path) {}

  /** The last fault: what, where, when (instant and the supervisor's clock). */
  record Fault(HostFault fault, String what, Instant at, double cageS) {
    String words() {
      return what + ": " + fault.words();
    }
  }

  private final java.util.function.DoubleSupplier cageNow;
  private final List<Place> places;
  private final Set<Path> failing = new LinkedHashSet<>();
  private final List<Runnable> whenBack = new ArrayList<>();
  private volatile boolean paused;
  private volatile Fault last;
  private volatile double nextTryS;
  private double waitS = FIRST_WAIT_S;
  private int pauses;

  /** {@code cageNow}: the supervisor's clock, in seconds. */
  public StorageGuard(CageConfig config, java.util.function.DoubleSupplier cageNow) {
    this.cageNow = cageNow;
    this.places = List.of(new Place("outbox", config.outbox()), new Place("data", config.dataDir()),
        new Place("deadletters", config.deadLetters()));
  }

  /** True while the work waits for the host's storage. */
  public boolean paused() {
    return paused;
  }

  /** The last fault (null if none was ever met). */
  Fault last() {
    return last;
  }

  /**
   * The host refused a write: {@code what} was being done ("image 12's output", "dead letter of image 7"). Pauses the
   * work (said once a pause) and notes the directory to probe. On the supervisor's thread.
   */
  void fault(HostFault f, String what) {
    double cageS = cageNow.getAsDouble();
    last = new Fault(f, what, Instant.now(), cageS);
    if (!f.path().isEmpty()) {
      failing.add(existingDirOf(Path.of(f.path())));
    }
    if (!paused) {
      paused = true;
      pauses++;
      nextTryS = cageS + waitS;
      LOG.warn(String.format(Locale.ROOT, "cage: the host's storage failed (%s); no image is blamed: new work waits and the"
          + " intake answers 503 until it is back (%s)", last.words(), freeWords()));
    }
  }

  /** Done on the supervisor's thread once the storage is back (at once if it is not paused). */
  void whenBack(Runnable r) {
    if (paused) {
      whenBack.add(r);
    } else {
      r.run();
    }
  }

  /**
   * At a watchdog round: while paused and the retry is due, probes where the faults were; true when the storage is back
   * (the pause has ended just now, and what waited for it was done). On the supervisor's thread.
   */
  public boolean backNow() {
    double cageS = cageNow.getAsDouble();
    if (!paused || cageS < nextTryS) {
      return false;
    }
    HostFault still = probe();
    if (still != null) {
      waitS = Math.min(MAX_WAIT_S, waitS * 2);
      nextTryS = cageS + waitS;
      last = new Fault(still, "a probe write", Instant.now(), cageS);
      return false;
    }
    paused = false;
    failing.clear();
    waitS = Math.min(MAX_WAIT_S, waitS * 2); // if the work meets the fault again at once, the next wait is longer
    LOG.info(String.format(Locale.ROOT, "cage: the host's storage is back (%s); the work resumes", freeWords()));
    List<Runnable> waiting = new ArrayList<>(whenBack);
    whenBack.clear();
    waiting.forEach(Runnable::run);
    return true;
  }

  /** An output was published: the storage takes writes again, and a next fault is retried soon. */
  void wrote() {
    if (!paused) {
      waitS = FIRST_WAIT_S;
    }
  }

  /** Seconds until the next try while paused (for a Retry-After), else 0. */
  public double retryInS() {
    return paused ? Math.max(1, nextTryS - cageNow.getAsDouble()) : 0;
  }

  private HostFault probe() {
    for (Path dir : failing) {
      Path probe = dir.resolve(".probe-" + ProcessHandle.current().pid());
      try (FileOutputStream out = new FileOutputStream(probe.toFile())) {
        out.write(new byte[PROBE_BYTES]);
        out.getFD().sync();
      } catch (IOException e) {
        HostFault f = HostFault.of(e, probe, true);
        if (f != null) {
          deleteQuietly(probe);
          return f;
        }
      } finally {
        deleteQuietly(probe);
      }
    }
    return null;
  }

  private static void deleteQuietly(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException e) {
      // a probe left behind is a small file named for the supervisor's pid; the next probe replaces it
    }
  }

  /** The nearest directory of {@code p} that exists (an output's batch directory may not be made yet). */
  private static Path existingDirOf(Path p) {
    Path d = Files.isDirectory(p) ? p : p.getParent();
    while (d != null && !Files.isDirectory(d)) {
      d = d.getParent();
    }
    return d == null ? Path.of("/") : d;
  }

  /** "outbox 0.0 MiB free, data 0.0 MiB free, ...": where the cage writes, and the room there. */
  String freeWords() {
    List<String> parts = new ArrayList<>();
    for (Place p : places) {
      long free = freeBytes(p.path());
      parts.add(p.name() + " " + (free < 0 ? "?" : String.format(Locale.ROOT, "%.1f MiB", free / 1048576.0)) + " free");
    }
    return String.join(", ", parts);
  }

  private static long freeBytes(Path p) {
    try {
      return Files.getFileStore(p).getUsableSpace();
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** Why the intake turns a batch away while paused. */
  public String refusal() {
    Fault f = last;
    return "the host's storage is failing where the cage writes (" + (f == null ? "?" : f.words()) + "; " + freeWords()
        + "): batches wait until it is back";
  }

  /** The status's {@code storage}: paused or not, the last fault, and the free space of each place. */
  public CageStatusReport.Storage status() {
    Fault f = last;
    CageStatusReport.StorageError error = f == null ? null : new CageStatusReport.StorageError(f.fault().errno(),
        f.fault().reason(), f.fault().path(), f.what(), f.at().toString());
    java.util.List<CageStatusReport.Place> each = new java.util.ArrayList<>();
    for (Place p : places) {
      long free = freeBytes(p.path());
      each.add(new CageStatusReport.Place(p.name(), p.path().toAbsolutePath().toString(), free,
          free < 0 ? -1 : free / 1048576.0));
    }
    return new CageStatusReport.Storage(!paused, paused, pauses, error, paused ? retryInS() : null, each);
  }

}
