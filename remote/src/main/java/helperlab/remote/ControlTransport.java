package helperlab.remote;

/** A way to start a cage's control command and talk to it in JSON lines; the lab does not know which. */
public interface ControlTransport {
  /** Starts the control command and returns its channel. */
  LineChannel open() throws ControlException;

  /** For messages: "ssh root@host:22", "local process". */
  String describe();
}
