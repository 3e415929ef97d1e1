package helperlab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A followed stream whose link stalls (open, silent: the far side's processes stopped) is told apart
 * from one that was closed, reconnected from the last id, and its gap counted from the last line
 * received; a link that never comes back is given up after the stated time. The "cage" is a real
 * process speaking the follow protocol on its pipes, one run per connection.
 */
class EventFollowerStallTest {
  @TempDir
  Path dir;

  /** A ctl stand-in: the first connection sends two samples, then {@code first}; later ones resume and end. */
  private ControlTransport cage(String first) throws Exception {
    Path script = dir.resolve("ctl.sh");
    Files.writeString(script, String.join("\n",
        "cd '" + dir + "'",
        "n=$(cat count 2>/dev/null || echo 0); n=$((n+1)); echo $n > count",
        "read req; echo \"$req\" > request-$n",
        "if [ $n = 1 ]; then",
        "  echo '{\"ok\":true,\"id\":\"1-0\",\"type\":\"sample\",\"sample\":{\"t\":1}}'",
        "  echo '{\"ok\":true,\"id\":\"2-0\",\"type\":\"sample\",\"sample\":{\"t\":2}}'",
        "  " + first,
        "else",
        "  echo '{\"ok\":true,\"id\":\"3-0\",\"type\":\"sample\",\"sample\":{\"t\":3}}'",
        "  echo '{\"ok\":true,\"id\":\"4-0\",\"type\":\"end\",\"end\":{}}'",
        "fi", ""));
    return new LocalProcessTransport(List.of("sh", script.toString()));
  }

  /** What a follower told its listener, in order. */
  static final class Heard implements EventFollower.Listener {
    final List<String> said = new CopyOnWriteArrayList<>();
    final AtomicReference<ControlException> failure = new AtomicReference<>();
    final CountDownLatch stopped = new CountDownLatch(1);
    volatile long downMs = -1;

    @Override
    public void line(helperlab.protocol.events.FollowLine line) {
      said.add(line.id());
    }

    @Override
    public void disconnected(ControlException why) {
      said.add("closed");
    }

    @Override
    public void stalled(long silentMs) {
      said.add("stalled");
    }

    @Override
    public void reconnected(long downMs) {
      this.downMs = downMs;
      said.add("back");
    }

    @Override
    public void stopped(ControlException failure) {
      this.failure.set(failure);
      stopped.countDown();
    }
  }

  @Test
  void aSilentLinkIsAStallResumedFromTheLastIdWithTheGapCountedFromTheLastLine() throws Exception {
    long stallMs = 400;
    Heard heard = new Heard();
    try (EventFollower f = new EventFollower(cage("sleep 60"), "r1", "0-0", heard,
        new Backoff.Policy(50, 100, 30_000), stallMs).start()) {
      assertTrue(heard.stopped.await(60, TimeUnit.SECONDS), heard.said.toString());
    }
    assertNull(heard.failure.get(), "ended with the run");
    assertEquals(List.of("1-0", "2-0", "stalled", "back", "3-0", "4-0"), heard.said, "a stall, not a close");
    assertTrue(Files.readString(dir.resolve("request-2")).contains("\"from\":\"2-0\""), "resumed after the last id");
    assertTrue(heard.downMs >= stallMs, "the gap covers the time it took to notice the stall: " + heard.downMs);
  }

  @Test
  void aClosedLinkIsToldAsClosed() throws Exception {
    Heard heard = new Heard();
    try (EventFollower f = new EventFollower(cage("exit 0"), "r1", "0-0", heard,
        new Backoff.Policy(50, 100, 30_000), 30_000).start()) {
      assertTrue(heard.stopped.await(60, TimeUnit.SECONDS), heard.said.toString());
    }
    assertEquals(List.of("1-0", "2-0", "closed", "back", "3-0", "4-0"), heard.said);
  }

  @Test
  void aLinkThatNeverComesBackIsGivenUpAfterTheStatedTime() throws Exception {
    Path count = dir.resolve("tries");
    Path script = dir.resolve("gone.sh");
    Files.writeString(script, "echo x >> '" + count + "'\nexit 0\n"); // every login: the command ends at once
    Heard heard = new Heard();
    try (EventFollower f = new EventFollower(new LocalProcessTransport(List.of("sh", script.toString())), "r1", "0-0",
        heard, new Backoff.Policy(20, 80, 500), 30_000).start()) {
      assertTrue(heard.stopped.await(60, TimeUnit.SECONDS), heard.said.toString());
    }
    ControlException why = heard.failure.get();
    assertNotNull(why, "it gave up");
    assertTrue(why.getMessage().contains("has not come back for") && why.getMessage().contains("stopped trying"),
        why.getMessage());
    assertEquals(List.of("closed"), heard.said);
    long tries = Files.readAllLines(count).size();
    assertTrue(tries >= 3 && tries <= 500 / 10 + 1, "backed off, then stopped: " + tries + " tries");
  }

  @Test
  void heartbeatsKeepTheLinkAliveAndAreNotPassedOn() throws Exception {
    Path script = dir.resolve("quiet.sh");
    // a quiet run: one sample, then only the cage's heartbeats (no id), then the end
    Files.writeString(script, String.join("\n", "read req",
        "echo '{\"ok\":true,\"id\":\"1-0\",\"type\":\"sample\",\"sample\":{\"t\":1}}'",
        "echo '{\"ok\":true,\"type\":\"heartbeat\",\"run\":\"r1\"}'",
        "echo '{\"ok\":true,\"type\":\"heartbeat\",\"run\":\"r1\"}'",
        "echo '{\"ok\":true,\"id\":\"2-0\",\"type\":\"end\",\"end\":{}}'", ""));
    Heard heard = new Heard();
    try (EventFollower f = new EventFollower(new LocalProcessTransport(List.of("sh", script.toString())), "r1", "0-0",
        heard, new Backoff.Policy(50, 100, 30_000), 30_000).start()) {
      assertTrue(heard.stopped.await(60, TimeUnit.SECONDS), heard.said.toString());
      assertEquals("2-0", f.lastId());
    }
    assertNull(heard.failure.get());
    assertEquals(List.of("1-0", "2-0"), heard.said, "heartbeats are not lines of the run");
  }
}
