package helperlab.cage.worker;

import helperlab.cage.TestImages;
import helperlab.cage.image.ImageHeader;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.cage.worker.WorkerProtocol.FromWorker;
import java.io.BufferedInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A real worker process, spoken to in frames exactly as the supervisor does. */
class WorkerProcessTest {
  private static Process launch(Path dir) throws Exception {
    Files.createDirectories(dir);
    return new WorkerLauncher(512, ImageHeader.DEFAULT_MAX_PIXELS, dir, false).start();
  }

  private static FromWorker next(InputStream in) throws Exception {
    return WorkerProtocol.read(in, FromWorker.class);
  }

  /** The next frame that is not a heartbeat. */
  private static FromWorker nextReal(InputStream in) throws Exception {
    FromWorker m;
    do {
      m = next(in);
    } while (m instanceof WorkerProtocol.Heartbeat);
    return m;
  }

  @Test
  void aFreshWorkerRaisesItsOomScoreAndWarmsUpBeforeItsFirstImage(@TempDir Path dir) throws Exception {
    Process p = launch(dir);
    try {
      Path source = TestImages.photo(2);
      Path target = dir.resolve("out/first.jpg");
      // Sent at once, before it is ready: it must still warm up first.
      WorkerProtocol.write(p.getOutputStream(), new WorkerProtocol.Job(1, source.toString(), target.toString(), 640));
      InputStream in = new BufferedInputStream(p.getInputStream());
      WorkerProtocol.Hello hello = assertInstanceOf(WorkerProtocol.Hello.class, nextReal(in));
      assertEquals(p.pid(), hello.pid());
      assertEquals(1000, hello.oomScoreAdj(), "it volunteers for the OOM killer");
      assertEquals("1000", Files.readString(Path.of("/proc", Long.toString(p.pid()), "oom_score_adj")).trim());
      WorkerProtocol.Ready ready = assertInstanceOf(WorkerProtocol.Ready.class, nextReal(in), "ready before any image");
      assertEquals(3, ready.warmupImages());
      assertTrue(ready.probeMs() > 0 && ready.startupCpuS() > 0, ready.toString());
      WorkerProtocol.Done done = assertInstanceOf(WorkerProtocol.Done.class, nextReal(in));
      assertEquals(640, Math.max(done.width(), done.height()));
      assertFalse(done.alreadyPublished());
      assertTrue(Files.exists(target));
      WorkerProtocol.write(p.getOutputStream(), new WorkerProtocol.Stop("test"));
      assertTrue(p.waitFor(10, TimeUnit.SECONDS));
      assertEquals(0, p.exitValue());
    } finally {
      p.destroyForcibly();
    }
  }

  /**
   * The image in flight is a named pipe nobody writes to, so the worker is mid-image for as long as
   * the test wants: the heartbeat and the stop are seen mid-image whatever the machine's speed.
   */
  @Test
  @Timeout(value = 120, unit = TimeUnit.SECONDS) // a hang is a failure, never a pass
  void itSendsHeartbeatsWhileItWorksAndStopsAtOnceWhenItsSupervisorIsGone(@TempDir Path dir) throws Exception {
    Path held = dir.resolve("held.jpg");
    Process mkfifo = new ProcessBuilder("mkfifo", held.toString()).inheritIO().start();
    assertEquals(0, mkfifo.waitFor(), "mkfifo");
    Process p = launch(dir);
    try {
      InputStream in = new BufferedInputStream(p.getInputStream());
      while (!(nextReal(in) instanceof WorkerProtocol.Ready)) {
        // hello first
      }
      Path target = dir.resolve("out/held.jpg");
      WorkerProtocol.write(p.getOutputStream(), new WorkerProtocol.Job(9, held.toString(), target.toString(), 4096));
      WorkerProtocol.FromWorker m = next(in);
      while (m instanceof WorkerProtocol.Heartbeat h && h.image() != 9) {
        m = next(in); // a beat from before it took the job
      }
      WorkerProtocol.Heartbeat beat = assertInstanceOf(WorkerProtocol.Heartbeat.class, m, "heartbeats mid-image");
      assertEquals(9, beat.image());
      p.getOutputStream().close(); // the supervisor is gone; the image can never finish
      List<FromWorker> after = new ArrayList<>();
      while ((m = next(in)) != null) {
        after.add(m);
      }
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "it stops without finishing its image");
      assertTrue(after.stream().allMatch(f -> f instanceof WorkerProtocol.Heartbeat), "nothing but beats after: " + after);
      assertFalse(Files.exists(target), "nothing half-made was published");
    } finally {
      p.destroyForcibly();
    }
  }

  @Test
  void aFailedImageIsReportedAndTheWorkerExits(@TempDir Path dir) throws Exception {
    Process p = launch(dir);
    try {
      Path poison = dir.resolve("poison.png");
      TestImages.poisonPng(poison);
      WorkerProtocol.write(p.getOutputStream(),
          new WorkerProtocol.Job(4, poison.toString(), dir.resolve("out/p.png").toString(), 320));
      InputStream in = new BufferedInputStream(p.getInputStream());
      List<FromWorker> frames = new ArrayList<>();
      FromWorker m;
      while ((m = next(in)) != null) {
        if (!(m instanceof WorkerProtocol.Heartbeat)) {
          frames.add(m);
        }
      }
      WorkerProtocol.Failed failed = assertInstanceOf(WorkerProtocol.Failed.class, frames.get(frames.size() - 1));
      assertEquals(4, failed.image());
      assertTrue(p.waitFor(10, TimeUnit.SECONDS));
      assertEquals(3, p.exitValue());
    } finally {
      p.destroyForcibly();
    }
  }
}
