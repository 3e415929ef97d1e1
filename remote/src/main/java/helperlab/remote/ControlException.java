package helperlab.remote;

/** Talking to a cage failed; the kind says how, the message says what to do about it. */
public final class ControlException extends Exception {
  /** How a control connection failed. */
  public enum Kind {
    UNREACHABLE, HOST_KEY_CHANGED, HOST_KEY_REJECTED, AUTH_FAILED, CLOSED, OVERSIZED, MALFORMED, TIMEOUT, REFUSED_INPUT,
    REMOTE_ERROR,
    /** The control command on the server failed or could not be started (its exit status says which). */
    COMMAND_FAILED
  }

  private final Kind kind;
  private final int remoteStatus;

  public ControlException(Kind kind, String message) {
    this(kind, message, -1);
  }

  /** A remote command that ended with {@code remoteStatus} (its exit status; -1 when unknown). */
  public ControlException(Kind kind, String message, int remoteStatus) {
    super(message);
    this.kind = kind;
    this.remoteStatus = remoteStatus;
  }

  public ControlException(Kind kind, String message, Throwable cause) {
    super(message, cause);
    this.kind = kind;
    this.remoteStatus = -1;
  }

  public Kind kind() {
    return kind;
  }

  /** The exit status of the remote command that ended the channel ({@code COMMAND_FAILED}), else -1. */
  public int remoteStatus() {
    return remoteStatus;
  }

  /** Worth retrying with backoff (the link dropped), as opposed to a refusal that will not change. */
  public boolean transientFailure() {
    return kind == Kind.UNREACHABLE || kind == Kind.CLOSED || kind == Kind.TIMEOUT;
  }
}
