package helperlab.cage.worker;

import helperlab.cage.image.ImageHeader;
import helperlab.cage.worker.WorkerProtocol.Done;
import helperlab.cage.worker.WorkerProtocol.Failed;
import helperlab.cage.worker.WorkerProtocol.HostFailed;
import helperlab.cage.worker.WorkerProtocol.Heartbeat;
import helperlab.cage.worker.WorkerProtocol.Hello;
import helperlab.cage.worker.WorkerProtocol.Job;
import helperlab.cage.worker.WorkerProtocol.Ready;
import helperlab.cage.worker.WorkerProtocol.Stop;
import helperlab.cage.worker.WorkerProtocol.ToWorker;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.LinkedBlockingQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker process: knows nothing but its frames. It raises its own OOM score (so under memory
 * pressure the kernel takes a worker, never the supervisor), warms up, says ready, then resizes the
 * images it is sent in order, reporting each, with heartbeats from a thread of their own. When its
 * stdin closes (the supervisor is gone) it stops at once: an unfinished output is only a temp file.
 * It logs only to stderr; stdout carries frames.
 */
public final class WorkerMain {
  /** Heartbeats this often; the watchdog allows several to be missed. */
  public static final long HEARTBEAT_MS = 1000;
  static final int WARMUP_ROUNDS = 3;
  /** Warm-up and probe resize the warm-up picture to this long edge. */
  static final int PROBE_EDGE = 640;

  private final InputStream in;
  private final OutputStream out;
  private final Resizer resizer;
  private final LinkedBlockingQueue<ToWorker> jobs = new LinkedBlockingQueue<>();
  /** Permits to try again an image the host failed; a stop releases one too, so a waiting worker hears it. */
  private final java.util.concurrent.Semaphore resumes = new java.util.concurrent.Semaphore(0);
  private volatile boolean stopAsked;
  private final com.sun.management.OperatingSystemMXBean os =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
  private final java.lang.management.ThreadMXBean threads = ManagementFactory.getThreadMXBean();
  private final ProcessCpuClock clock = new ProcessCpuClock();
  private volatile long inFlight = -1;

  public WorkerMain(InputStream in, OutputStream out, long maxPixels) {
    this.in = new BufferedInputStream(in);
    this.out = new BufferedOutputStream(out);
    // What the decoders got past is worth a line in the log, never a dead worker.
    this.resizer = new Resizer(maxPixels, warning -> log().warn("worker " + ProcessHandle.current().pid()
        + ": image " + inFlight + ": decoder warning (not fatal): " + warning));
  }

  /**
   * The worker's log (its stderr, which the supervisor keeps in workers.log), looked up when first needed: a worker
   * with nothing to say never starts the logging, and its start-up is a measured figure.
   */
  private static Logger log() {
    return LoggerFactory.getLogger(WorkerMain.class);
  }

  /** Runs the worker on this process's stdin and stdout; returns its exit code. */
  /** The one argument a worker process takes, as {@link WorkerLauncher} writes it. */
  static final String MAX_PIXELS = "--max-pixels=";

  /**
   * The worker process's entry point: {@code --max-pixels=N}. Started straight on this class rather than
   * through the command line's parser, so the cage names no class of the layers above it.
   */
  public static void main(String[] args) {
    long maxPixels = ImageHeader.DEFAULT_MAX_PIXELS;
    for (String a : args) {
      if (a.startsWith(MAX_PIXELS) && a.substring(MAX_PIXELS.length()).matches("[1-9][0-9]*")) {
        maxPixels = Long.parseLong(a.substring(MAX_PIXELS.length()));
      } else {
        System.err.println("worker: expected " + MAX_PIXELS + "N (a positive number), got '" + a + "'");
        System.exit(2);
      }
    }
    System.exit(runOnStdio(maxPixels));
  }

  public static int runOnStdio(long maxPixels) {
    PrintStream frames = System.out;
    System.setOut(System.err); // a library printing to stdout must not corrupt the frame stream
    return new WorkerMain(System.in, frames, maxPixels).run();
  }

  public int run() {
    long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
    int oomScore = raiseOomScore();
    send(new Hello(ProcessHandle.current().pid(), oomScore, System.currentTimeMillis() - jvmStart, cpuSeconds()));
    Thread reader = new Thread(this::readFrames, "frames-in");
    reader.setDaemon(true);
    reader.start();
    Thread heartbeat = new Thread(this::heartbeats, "heartbeat");
    heartbeat.setDaemon(true);
    heartbeat.start();
    long warmStart = System.nanoTime();
    double probeMs = warmUp();
    send(new Ready(cpuSeconds(), probeMs > 0 ? WARMUP_ROUNDS : 0, (System.nanoTime() - warmStart) / 1e6, probeMs));
    try {
      while (true) {
        ToWorker message = jobs.take();
        if (message instanceof Stop) {
          return 0;
        }
        Job job = (Job) message;
        Outcome o;
        while ((o = resize(job)) == Outcome.HOST_FAILED) {
          resumes.acquire(); // the host failed it: wait to be told the host is back, then try it again
          if (stopAsked) {
            return 0;
          }
        }
        if (o == Outcome.FAILED) {
          return 3;
        }
      }
    } catch (InterruptedException e) {
      return 0;
    }
  }

  /** How one try at an image ended: settled (done, or its input gone), failed (the worker stops), or failed by the host. */
  private enum Outcome { SETTLED, FAILED, HOST_FAILED }

  private Outcome resize(Job job) {
    inFlight = job.image();
    double cpu0 = cpuSeconds();
    long precise0 = clock.nanos();
    long thread0 = threads.getCurrentThreadCpuTime();
    long t0 = System.nanoTime();
    try {
      Resizer.Output o = resizer.resizeFile(Path.of(job.source()), Path.of(job.target()), job.longEdge());
      long precise = clock.nanos();
      double threadCpu = (threads.getCurrentThreadCpuTime() - thread0) / 1e9;
      double cpu = cpuSeconds();
      // The image's CPU to the nanosecond when every thread lived through it, else in ticks.
      double imageCpu = precise0 >= 0 && precise >= precise0 ? (precise - precise0) / 1e9 : cpu - cpu0;
      send(new Done(job.image(), imageCpu, cpu, (System.nanoTime() - t0) / 1e9, o.width(), o.height(),
          o.alreadyPublished(), threadCpu));
      inFlight = -1;
      return Outcome.SETTLED;
    } catch (IOException | RuntimeException | OutOfMemoryError e) {
      inFlight = -1;
      HostFault host = e instanceof OutOfMemoryError ? null
          : HostFault.of(e, Path.of(job.target()), e instanceof Resizer.WriteFailed);
      if (host != null) {
        // The host's fault, not the image's: said as such, and the image kept for when the host is back.
        log().warn("worker " + ProcessHandle.current().pid() + ": image " + job.image() + ": the host failed it: "
            + host.words());
        resumes.drainPermits();
        send(new HostFailed(job.image(), host.errno(), host.reason(), host.path()));
        return Outcome.HOST_FAILED;
      }
      if (!(e instanceof OutOfMemoryError) && !Files.isReadable(Path.of(job.source()))) {
        // Nothing wrong with this worker: the file was taken away (or made unreadable) after admission.
        send(new Failed(job.image(), Files.exists(Path.of(job.source())) ? "input unreadable" : "input gone", true));
        return Outcome.SETTLED;
      }
      Throwable why = e instanceof Resizer.WriteFailed && e.getCause() != null ? e.getCause() : e;
      String reason = why.getClass().getSimpleName() + ": " + why.getMessage();
      log().warn("worker " + ProcessHandle.current().pid() + ": image " + job.image() + " failed: " + reason);
      send(new Failed(job.image(), reason));
      return Outcome.FAILED;
    }
  }

  /**
   * Decodes, resizes and encodes a photo-like image a few times, so the first real image runs warm;
   * returns the last round's milliseconds (the speed probe), or 0 if warming up failed.
   */
  private double warmUp() {
    try {
      byte[] jpeg = Resizer.warmupJpeg();
      double last = 0;
      for (int i = 0; i < WARMUP_ROUNDS; i++) {
        long t0 = System.nanoTime();
        resizer.resizeBytes(new ByteArrayInputStream(jpeg), PROBE_EDGE, new ByteArrayOutputStream());
        last = (System.nanoTime() - t0) / 1e6;
      }
      return last;
    } catch (IOException e) {
      log().warn("worker: warm-up failed: " + e);
      return 0;
    }
  }

  private void readFrames() {
    try {
      while (true) {
        ToWorker message = WorkerProtocol.read(in, ToWorker.class);
        if (message == null) {
          break;
        }
        if (message instanceof WorkerProtocol.Resume) {
          resumes.release();
          continue;
        }
        if (message instanceof Stop) {
          stopAsked = true;
          resumes.release();
        }
        jobs.add(message);
      }
    } catch (IOException | RuntimeException e) {
      log().warn("worker: bad input, stopping: " + e);
    }
    // The supervisor is gone (or talks nonsense): stop now, mid-image or not.
    Runtime.getRuntime().halt(0);
  }

  private void heartbeats() {
    while (true) {
      try {
        Thread.sleep(HEARTBEAT_MS);
      } catch (InterruptedException e) {
        return;
      }
      send(new Heartbeat(cpuSeconds(), inFlight));
    }
  }

  private synchronized void send(Object message) {
    try {
      WorkerProtocol.write(out, message);
    } catch (IOException e) {
      Runtime.getRuntime().halt(0); // nobody is listening
    }
  }

  private double cpuSeconds() {
    return os.getProcessCpuTime() / 1e9;
  }

  /** Volunteers this process first for the OOM killer; -1001 when the kernel does not allow it. */
  private int raiseOomScore() {
    Path adj = Path.of("/proc/self/oom_score_adj");
    try {
      Files.writeString(adj, "1000");
      return Integer.parseInt(Files.readString(adj).trim());
    } catch (IOException | RuntimeException e) {
      log().warn("worker: cannot raise oom_score_adj: " + e.getMessage());
      return -1001;
    }
  }
}
