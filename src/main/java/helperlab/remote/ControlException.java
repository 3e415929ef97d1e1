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

  public ControlException(Kind kind, String message) {
    super(message);
    this.kind = kind;
  }

  public ControlException(Kind kind, String message, Throwable cause) {
    super(message, cause);
    this.kind = kind;
  }

  public Kind kind() {
    return kind;
  }

  /** Worth retrying with backoff (the link dropped), as opposed to a refusal that will not change. */
  public boolean transientFailure() {
    return kind == Kind.UNREACHABLE || kind == Kind.CLOSED || kind == Kind.TIMEOUT;
  }
}
