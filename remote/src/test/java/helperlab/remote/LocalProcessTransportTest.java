package helperlab.remote;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A local control command, closed: it ends, and so does what it started. */
class LocalProcessTransportTest {
  @Test
  void closingTheChannelEndsTheCommandsChildrenToo(@TempDir Path dir) throws Exception {
    Path pid = dir.resolve("child.pid");
    // a script that starts a long child, says so, and waits for it: what a ctl script that follows a run looks like
    Path script = dir.resolve("ctl.sh");
    Files.writeString(script, "sleep 600 &\necho $! > '" + pid + "'\necho '{\"ok\":true}'\nwait\n");
    LineChannel channel = new LocalProcessTransport(List.of("sh", script.toString())).open();
    assertEquals("{\"ok\":true}", channel.receive(60_000));
    ProcessHandle child = ProcessHandle.of(Long.parseLong(Files.readString(pid).trim())).orElseThrow();
    assertTrue(child.isAlive(), "the child runs while the channel is open");

    try {
      channel.close();

      await("the command's child ends with it").atMost(Duration.ofSeconds(60)).until(() -> !child.isAlive());
    } finally {
      child.destroyForcibly(); // were it left, it would hold the test run's error stream for ten minutes
    }
  }
}
