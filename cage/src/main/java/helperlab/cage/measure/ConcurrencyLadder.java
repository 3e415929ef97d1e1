package helperlab.cage.measure;

import helperlab.cage.image.SampleLibrary;
import helperlab.cage.limits.CgroupCage;
import helperlab.cage.measure.Calibrator.Point;
import helperlab.cage.worker.WorkerLauncher;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/** The calibration's concurrency curve: throughput with more and more workers, and the contention penalty from it. */
final class ConcurrencyLadder {
  /**
   * The concurrency ladder goes up to this many quotas' worth of workers: the box and the fresh-worker
   * policies run far past the quota, where a ladder that stops at twice it extrapolates the penalty.
   */
  static final int CONCURRENCY_QUOTAS = 4;
  /** Past twice the quota, a level runs only if its workers fit in this share of the memory cap. */
  static final double MEMORY_HEADROOM = 0.75;

  private final Path data;
  private final double cpus;
  private final long memoryBytes;
  private final double secondsPerLevel;
  private final Consumer<String> say;

  ConcurrencyLadder(Path data, double cpus, long memoryBytes, double secondsPerLevel, Consumer<String> say) {
    this.data = data;
    this.cpus = cpus;
    this.memoryBytes = memoryBytes;
    this.secondsPerLevel = secondsPerLevel;
    this.say = say;
  }

  /**
   * Throughput of n workers in the cage, each resizing the sample nearest 8 MP over and over for a
   * while, for n = 1 .. four times the quota rounded up, stopping past twice the quota where the workers
   * would not fit in {@value #MEMORY_HEADROOM} of the memory cap. Returns the single worker's images per second.
   */
  double run(WorkerLauncher launcher, CgroupCage cage, SampleLibrary lib, int longEdge, List<Point> out,
      double idleMb, List<Point> memory) throws Exception {
    SampleLibrary.Sample probe = lib.nearest(8);
    double perWorkerMb = idleMb + memory.stream().filter(p -> p.x() <= probe.megapixels() + 1e-9)
        .mapToDouble(Point::y).max().orElse(0);
    int max = (int) Math.ceil(CONCURRENCY_QUOTAS * cpus);
    double single = 0;
    for (int n = 1; n <= max; n++) {
      if (n > 2 * cpus && n * perWorkerMb > MEMORY_HEADROOM * memoryBytes / (1 << 20)) {
        say.accept(String.format(Locale.ROOT, "  %d workers would need %.0f MiB: the concurrency ladder stops here", n,
            n * perWorkerMb));
        break;
      }
      List<BenchWorker> workers = new ArrayList<>();
      try {
        for (int i = 0; i < n; i++) {
          workers.add(new BenchWorker(launcher, launcher.usesArchive(), cage));
        }
        AtomicInteger done = new AtomicInteger();
        long end = System.nanoTime() + (long) (secondsPerLevel * 1e9);
        long warmEnd = System.nanoTime() + 2_000_000_000L;
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          BenchWorker w = workers.get(i);
          Path target = data.resolve("run").resolve("conc-" + i + ".jpg");
          Thread t = new Thread(() -> {
            try {
              while (System.nanoTime() < end) {
                w.resize(lib.path(probe), target, longEdge);
                if (System.nanoTime() > warmEnd) {
                  done.incrementAndGet();
                }
              }
            } catch (IOException e) {
              // counted as what it managed
            }
          });
          t.start();
          threads.add(t);
        }
        for (Thread t : threads) {
          t.join();
        }
        double rate = done.get() / (secondsPerLevel - 2);
        if (n == 1) {
          single = rate;
        }
        out.add(new Point(n, rate, 0));
        say.accept(String.format(Locale.ROOT, "  %d worker(s): %.2f images/s (%.2f x one worker)", n, rate, rate / single));
      } finally {
        for (BenchWorker w : workers) {
          w.close();
        }
      }
    }
    return single;
  }

  /**
   * The contention penalty kappa of the machine model, by least squares over the levels past the
   * quota: throughput(n) / throughput(1) = q / (1 + kappa (n - q)), linearised as
   * q / ratio - 1 = kappa (n - q).
   */
  static double contention(List<Point> levels, double single, double quota) {
    double num = 0;
    double den = 0;
    for (Point p : levels) {
      double n = p.x();
      if (n <= quota || single <= 0 || p.y() <= 0) {
        continue;
      }
      double y = quota / (p.y() / single) - 1;
      double x = n - quota;
      num += x * y;
      den += x * x;
    }
    return den > 0 ? Math.max(0, num / den) : 0;
  }
}
