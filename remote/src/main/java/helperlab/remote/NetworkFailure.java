package helperlab.remote;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.Locale;

/**
 * A failed connection in words a user can act on: the address once, no exception class names, and
 * a name that does not resolve told apart from a port nothing listens on, a host that stays silent,
 * and a port that takes the connection but speaks no SSH.
 */
final class NetworkFailure {
  private NetworkFailure() {}

  static ControlException of(Exception e, String who, long timeoutMs) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String msg = String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT);
    if (root instanceof UnknownHostException || msg.contains("unknownhostexception")) {
      return new ControlException(ControlException.Kind.UNREACHABLE, "cannot find " + who
          + ": the name does not resolve (check its spelling, or the DNS)", e);
    }
    if (root instanceof NoRouteToHostException || msg.contains("no route to host")) {
      return new ControlException(ControlException.Kind.UNREACHABLE, who + ": no route to the host (the network"
          + " cannot reach it)", e);
    }
    if ((root instanceof ConnectException && !msg.contains("timed out")) || msg.contains("connection refused")) {
      return new ControlException(ControlException.Kind.UNREACHABLE, who + ": connection refused (nothing listens on"
          + " that port)", e);
    }
    boolean timeout = root instanceof SocketTimeoutException || msg.contains("timeout") || msg.contains("timed out");
    if (timeout && (msg.contains("connect timed out") || msg.contains("socket is not established"))) {
      return new ControlException(ControlException.Kind.TIMEOUT, who + ": nothing answered within " + timeoutMs
          + " ms (the host is down, or a firewall drops the connection)", e);
    }
    if (timeout) {
      return new ControlException(ControlException.Kind.TIMEOUT, who + " did not answer within " + timeoutMs
          + " ms: it took the connection but no SSH server spoke (check the port)", e);
    }
    return new ControlException(ControlException.Kind.UNREACHABLE, who + ": " + plain(root.getMessage() != null
        ? root.getMessage() : e.getMessage()), e);
  }

  /** A message without the exception class names JSch puts in front of them. */
  static String plain(String message) {
    return String.valueOf(message).replaceAll("(?:[a-z_$][a-z0-9_$]*\\.)+[A-Z][A-Za-z0-9_$]*(?:Exception|Error):\\s*", "")
        .strip();
  }
}
