package helperlab.cage.worker;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A cgroup v1 group of a test's own under one controller ({@code cpu} to starve a process, {@code
 * freezer} to hang one), removed at close once its processes have left or ended.
 */
final class TestCgroup implements AutoCloseable {
  final Path dir;
  private final Path root;

  private TestCgroup(Path root, Path dir) {
    this.root = root;
    this.dir = dir;
  }

  /** Null if this machine has no writable v1 hierarchy for {@code controller}. */
  static TestCgroup make(String controller) {
    Path root = Path.of("/sys/fs/cgroup", controller);
    if (!Files.isWritable(root.resolve("cgroup.procs"))) {
      return null;
    }
    try {
      return new TestCgroup(root, Files.createDirectory(root.resolve("helperlab-test-" + System.nanoTime())));
    } catch (IOException e) {
      return null;
    }
  }

  void write(String file, String value) throws IOException {
    Files.writeString(dir.resolve(file), value);
  }

  void add(long pid) throws IOException {
    write("cgroup.procs", Long.toString(pid));
  }

  @Override
  public void close() throws IOException {
    if (Files.exists(dir.resolve("freezer.state"))) {
      write("freezer.state", "THAWED");
    }
    for (String pid : Files.readString(dir.resolve("cgroup.procs")).split("\\s+")) {
      if (!pid.isBlank()) {
        try {
          Files.writeString(root.resolve("cgroup.procs"), pid);
        } catch (IOException e) {
          // it ended meanwhile
        }
      }
    }
    await("the test's cgroup empties").atMost(Duration.ofSeconds(10))
        .until(() -> Files.readString(dir.resolve("cgroup.procs")).isBlank());
    Files.delete(dir);
  }
}
