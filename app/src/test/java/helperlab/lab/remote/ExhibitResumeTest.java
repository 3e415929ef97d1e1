package helperlab.lab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.lab.live.LiveState;
import helperlab.model.RunRecord;
import helperlab.remote.CageClient;
import helperlab.remote.ControlException;
import helperlab.remote.ControlTransport;
import helperlab.remote.LineChannel;
import helperlab.remote.LocalProcessTransport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An exhibit whose stream is cut and refused for good (the host key changed while the link was down)
 * is marked failed, but it goes on on the cage; when the lab is connected again its stream is followed
 * from the last id it saw and its record fetched, every stream entry exactly once.
 */
class ExhibitResumeTest {
  @Test
  void anExhibitWhoseStreamWasRefusedIsFollowedAgainOnTheNextConnectionAndItsRecordFetched(@TempDir Path dir)
      throws Exception {
    try (TestCage cage = TestCage.start(Files.createDirectory(dir.resolve("cage")))) {
      LocalProcessTransport real = cage.localTransport();
      AtomicBoolean keyChanged = new AtomicBoolean();
      // the real ctl, behind the hook a changed host key would trip
      ControlTransport first = new ControlTransport() {
        @Override
        public LineChannel open() throws ControlException {
          if (keyChanged.get()) {
            throw new ControlException(ControlException.Kind.HOST_KEY_CHANGED, "WARNING: the host key of the cage has"
                + " CHANGED; connection refused");
          }
          return real.open();
        }

        @Override
        public String describe() {
          return "the first connection";
        }
      };
      CageSource source = new CageSource();
      CageClient before = new CageClient(first);
      source.connectTo(before);
      WatchedExhibit exhibit = WatchedExhibit.start(source, 8);
      RemoteRun run = exhibit.run();
      List<String> failures = exhibit.failures();
      try {
        Awaitility.await("samples streaming").atMost(Duration.ofSeconds(60))
            .until(() -> run.samples().size() >= 2 || !failures.isEmpty());
      } catch (org.awaitility.core.ConditionTimeoutException e) {
        throw new AssertionError("no samples; the link says: " + run.link() + "; status " + run.status(), e);
      }
      assertEquals(List.of(), failures, run.link());

      keyChanged.set(true);
      run.dropConnection();
      Awaitility.await("the stream lost").atMost(Duration.ofSeconds(60)).until(() -> !failures.isEmpty());
      assertEquals(LiveState.FAILED, run.status().state());
      assertTrue(failures.get(0).contains("follows it again") && failures.get(0).contains("CHANGED"), failures.get(0));
      assertFalse(run.resumeOn(before), "not again on the connection that refused it for good");

      try (CageClient after = new CageClient(real)) {
        assertTrue(run.resumeOn(after));
        Awaitility.await("the record fetched").atMost(Duration.ofMinutes(2)).until(() -> exhibit.record() != null);
      }
      assertEquals(run.runId(), exhibit.record().id());
      assertEquals(LiveState.FINISHED, run.status().state());
      assertEquals(0, run.duplicates(), "nothing twice across the break");
      assertEquals(0, run.missing(), "nothing skipped across the break");
      assertEquals(exhibit.record().metrics().submitted(), exhibit.record().tasks().size());
    }
  }
}
