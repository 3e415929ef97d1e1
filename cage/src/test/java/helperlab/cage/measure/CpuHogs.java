package helperlab.cage.measure;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import helperlab.cage.worker.ProcStat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * {@code stress-ng --cpu N} beside a test, one hog per CPU this JVM sees: started, held until every hog
 * has spent CPU (so the host is busy before anything is measured), and stopped with its children.
 */
public final class CpuHogs implements AutoCloseable {
  private final Process stress;

  private CpuHogs(Process stress) {
    this.stress = stress;
  }

  public static CpuHogs start() throws Exception {
    assumeTrue(Files.isExecutable(Path.of("/usr/bin/stress-ng")), "stress-ng is not installed (apt-get install stress-ng)");
    int n = Runtime.getRuntime().availableProcessors();
    Process p = new ProcessBuilder("stress-ng", "--cpu", Integer.toString(n), "--timeout", "1800")
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    CpuHogs hogs = new CpuHogs(p);
    await("stress-ng's " + n + " hogs spending CPU").atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50))
        .until(() -> {
          List<ProcessHandle> kids = p.descendants().toList();
          return kids.size() >= n && kids.stream().map(k -> ProcStat.read(k.pid()))
              .allMatch(s -> s != null && s.cpuS() >= 0.2);
        });
    return hogs;
  }

  @Override
  public void close() {
    stress.descendants().forEach(ProcessHandle::destroy);
    stress.destroy();
    try {
      stress.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    stress.descendants().forEach(ProcessHandle::destroyForcibly);
  }
}
