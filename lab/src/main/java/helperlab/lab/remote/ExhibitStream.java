package helperlab.lab.remote;

import helperlab.remote.CageClient;
import helperlab.remote.ControlException;
import helperlab.remote.ControlTransport;
import helperlab.remote.EventFollower;

/**
 * The connection a {@link RemoteRun} follows its exhibit's event stream on: one {@link EventFollower} at a time
 * (which reconnects and resumes from the last id by itself), and, when the stream was lost while the exhibit went
 * on on the cage, the connection it was lost on, so a link that comes back follows it again.
 */
final class ExhibitStream {
  private final EventFollower.Listener listener;
  private volatile CageClient client;
  private volatile ControlTransport transport;
  private volatile EventFollower follower;
  /** The stream was lost while the exhibit went on on the cage: the connection it was lost on, else null. */
  private volatile CageClient lostOn;
  private volatile boolean lostTransiently;

  ExhibitStream(CageClient client, ControlTransport transport, EventFollower.Listener listener) {
    this.client = client;
    this.transport = transport;
    this.listener = listener;
  }

  /** The connection in use now (a new one once the stream has resumed on it). */
  CageClient client() {
    return client;
  }

  /** Follows the stream of exhibit {@code runId} from its start. */
  void follow(String runId) {
    follower = new EventFollower(transport, runId, "0-0", listener, RemoteRun.PACING, RemoteRun.STALL_MS).start();
  }

  /** The follower gave up with {@code failure} while the exhibit goes on: the connection it was lost on is kept. */
  void lost(ControlException failure) {
    lostOn = client;
    lostTransiently = failure.transientFailure();
  }

  /**
   * Whether a stream lost earlier can follow again on {@code c}: not on the connection that refused it for good (a
   * refusal would only repeat).
   */
  boolean canResumeOn(CageClient c) {
    CageClient was = lostOn;
    return was != null && c != null && (c != was || lostTransiently);
  }

  /** Follows exhibit {@code runId}'s stream again on {@code c}, from the last id it saw. */
  void resumeOn(CageClient c, String runId) {
    lostOn = null;
    client = c;
    transport = c.transport();
    EventFollower old = follower;
    String from = old == null ? "0-0" : old.lastId();
    follower = new EventFollower(transport, runId, from, listener, RemoteRun.PACING, RemoteRun.STALL_MS).start();
  }

  /** Cuts the current connection as a network failure would (the follower reconnects). */
  void dropConnection() {
    EventFollower f = follower;
    if (f != null) {
      f.dropConnection();
    }
  }

  /** Stops following; false when there was no follower yet (then none will tell it stopped). */
  boolean close() {
    EventFollower f = follower;
    if (f == null) {
      return false;
    }
    f.close();
    return true;
  }
}
