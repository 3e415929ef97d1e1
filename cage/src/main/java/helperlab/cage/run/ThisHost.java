package helperlab.cage.run;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;

/** Whether a service's URL ({@code jdbc:postgresql://host:port/db}, {@code redis://user:pw@host:port/0}) points at this machine. */
final class ThisHost {
  private ThisHost() {}

  /** True for a loopback or own address, or no host at all (the drivers go to localhost then). */
  static boolean runs(String url) {
    int from = url.indexOf("//");
    if (from < 0) {
      return true;
    }
    String authority = url.substring(from + 2).split("[/?,]", 2)[0];
    authority = authority.substring(authority.lastIndexOf('@') + 1);
    String host = authority.startsWith("[") ? authority.substring(1, Math.max(1, authority.indexOf(']')))
        : authority.replaceFirst(":\\d*$", "");
    if (host.isEmpty()) {
      return true;
    }
    try {
      InetAddress a = InetAddress.getByName(host);
      return a.isLoopbackAddress() || a.isAnyLocalAddress() || NetworkInterface.getByInetAddress(a) != null;
    } catch (IOException e) {
      return false; // a name that does not resolve here is no address of this host
    }
  }
}
