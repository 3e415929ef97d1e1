package helperlab.cage.measure;

import helperlab.cage.limits.CgroupCage;
import helperlab.cage.worker.WorkerLauncher;
import helperlab.cage.worker.WorkerProtocol;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * One worker process driven directly over its frames, for measuring: how long it takes to say
 * hello and be ready, the CPU that took, its memory (resident, proportional, private and shared),
 * and the CPU of each image.
 */
public final class BenchWorker implements AutoCloseable {
  final Process process;
  public final double helloS;
  public final double readyS;
  public final WorkerProtocol.Hello hello;
  public final WorkerProtocol.Ready ready;
  /** Private memory when it said hello: the JVM is up, its warm-up has not yet run. */
  final double helloPrivateMb;
  private final InputStream in;

  public BenchWorker(WorkerLauncher launcher, boolean share) throws IOException {
    this(launcher, share, null);
  }

  /** A worker inside {@code cage}'s cgroup (when it is capped), so it runs under the cage's caps. */
  BenchWorker(WorkerLauncher launcher, boolean share, CgroupCage cage) throws IOException {
    long t0 = System.nanoTime();
    this.process = launcher.start(share, cage);
    if (cage != null && cage.capped()) {
      cage.add(process.pid());
    }
    this.in = new BufferedInputStream(process.getInputStream());
    WorkerProtocol.Hello h = null;
    double helloAt = 0;
    double helloMb = 0;
    while (true) {
      WorkerProtocol.FromWorker m = read();
      if (m instanceof WorkerProtocol.Hello x) {
        h = x;
        helloAt = (System.nanoTime() - t0) / 1e9;
        helloMb = privateMb();
      } else if (m instanceof WorkerProtocol.Ready r) {
        this.hello = h;
        this.helloS = helloAt;
        this.helloPrivateMb = helloMb;
        this.ready = r;
        this.readyS = (System.nanoTime() - t0) / 1e9;
        return;
      }
    }
  }

  private WorkerProtocol.FromWorker read() throws IOException {
    WorkerProtocol.FromWorker m = WorkerProtocol.read(in, WorkerProtocol.FromWorker.class);
    if (m == null) {
      try {
        // its output closes a moment before the kernel reaps it (an OOM kill, a crash)
        process.waitFor(2, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      throw new IOException("the worker exited" + (process.isAlive() ? "" : " (code " + process.exitValue() + ")"));
    }
    return m;
  }

  /** Resizes one image; returns its Done (CPU and wall seconds). */
  public WorkerProtocol.Done resize(Path source, Path target, int longEdge) throws IOException {
    Files.deleteIfExists(target);
    WorkerProtocol.write(process.getOutputStream(), new WorkerProtocol.Job(1, source.toString(), target.toString(), longEdge));
    while (true) {
      WorkerProtocol.FromWorker m = read();
      if (m instanceof WorkerProtocol.Done d) {
        return d;
      }
      if (m instanceof WorkerProtocol.Failed f) {
        throw new IOException("the worker failed " + source + ": " + f.reason());
      }
    }
  }

  /** A field of /proc/PID/status or smaps_rollup, in MiB (0 if absent). */
  double procMb(String file, String field) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), file))) {
        if (line.startsWith(field + ":")) {
          return Long.parseLong(line.substring(field.length() + 1).trim().split("\\s+")[0]) / 1024.0;
        }
      }
    } catch (IOException | RuntimeException e) {
      // not available on this kernel
    }
    return 0;
  }

  public double rssMb() {
    return procMb("status", "VmRSS");
  }

  public double peakRssMb() {
    return procMb("status", "VmHWM");
  }

  public double pssMb() {
    return procMb("smaps_rollup", "Pss");
  }

  public double privateMb() {
    return procMb("smaps_rollup", "Private_Clean") + procMb("smaps_rollup", "Private_Dirty");
  }

  public double sharedMb() {
    return procMb("smaps_rollup", "Shared_Clean") + procMb("smaps_rollup", "Shared_Dirty");
  }

  @Override
  public void close() {
    try {
      WorkerProtocol.write(process.getOutputStream(), new WorkerProtocol.Stop("bench"));
      process.waitFor(5, TimeUnit.SECONDS);
    } catch (IOException | InterruptedException e) {
      // killed below
    }
    process.destroyForcibly();
  }
}
