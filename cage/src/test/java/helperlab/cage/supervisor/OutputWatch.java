package helperlab.cage.supervisor;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * Watches an outbox while a test runs: the inode of each published output the first time it is seen, so that one
 * written again (same name, new file) is caught however the test ends. A sampler (every 20 ms), not a wait.
 */
final class OutputWatch implements AutoCloseable {
  private final Path outbox;
  private final Map<Path, Object> first = new ConcurrentHashMap<>();
  private final AtomicBoolean on = new AtomicBoolean(true);
  private final Thread thread;

  OutputWatch(Path outbox) {
    this.outbox = outbox;
    this.thread = new Thread(() -> {
      while (on.get()) {
        look();
        LockSupport.parkNanos(20_000_000);
      }
    }, "output-watch");
    thread.setDaemon(true);
    thread.start();
  }

  private void look() {
    for (Path p : outputs(outbox)) {
      first.computeIfAbsent(p, k -> {
        try {
          return Files.getAttribute(k, "unix:ino");
        } catch (IOException e) {
          return null; // replaced between the listing and the look: seen next time
        }
      });
    }
  }

  /** Outputs whose file is not the one first seen under their name (stops the watch). */
  int replaced() throws Exception {
    close();
    look();
    int n = 0;
    for (Map.Entry<Path, Object> e : first.entrySet()) {
      if (!e.getValue().equals(Files.getAttribute(e.getKey(), "unix:ino"))) {
        n++;
      }
    }
    return n;
  }

  /** The published outputs under {@code dir} (temporary names, starting with '.', are not). */
  static List<Path> outputs(Path dir) {
    return files(dir, false);
  }

  /** Temporary files (".name.tmp-PID") under {@code dir}. */
  static List<Path> temps(Path dir) {
    return files(dir, true);
  }

  private static List<Path> files(Path dir, boolean dotted) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).filter(p -> p.getFileName().toString().startsWith(".") == dotted)
          .filter(p -> !p.getFileName().toString().startsWith(".probe-")).toList();
    } catch (IOException | UncheckedIOException e) {
      return List.of(); // a directory made or a file renamed while walking: the next look sees it
    }
  }

  @Override
  public void close() throws InterruptedException {
    on.set(false);
    thread.join();
  }
}
