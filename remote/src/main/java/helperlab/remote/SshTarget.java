package helperlab.remote;

/** Where to log in: {@code user@host[:port]}. */
public record SshTarget(String user, String host, int port) {
  public SshTarget {
    if (user == null || !user.matches("[A-Za-z0-9._][A-Za-z0-9._-]{0,63}")) {
      throw new IllegalArgumentException("user must be a plain login name, got '" + user + "'");
    }
    if (host == null || !host.matches("[A-Za-z0-9.:-]{1,253}|\\[[0-9A-Fa-f:.]+\\]")) {
      throw new IllegalArgumentException("host must be a host name or address, got '" + host + "'");
    }
    if (port < 1 || port > 65535) {
      throw new IllegalArgumentException("port must be between 1 and 65535, got " + port);
    }
  }

  /** Parses {@code user@host}, {@code user@host:port} or {@code user@[v6addr]:port}. */
  public static SshTarget parse(String text) {
    if (text == null) {
      throw new IllegalArgumentException("expected user@host[:port], got nothing");
    }
    int at = text.indexOf('@');
    if (at <= 0 || at == text.length() - 1) {
      throw new IllegalArgumentException("expected user@host[:port], got '" + text + "'");
    }
    String user = text.substring(0, at);
    String rest = text.substring(at + 1);
    int port = 22;
    String host = rest;
    if (rest.startsWith("[")) {
      int close = rest.indexOf(']');
      if (close < 0) {
        throw new IllegalArgumentException("unclosed [ in '" + text + "'");
      }
      host = rest.substring(1, close);
      if (close + 1 < rest.length()) {
        port = port(rest.substring(close + 1), text);
      }
    } else if (rest.indexOf(':') >= 0 && rest.indexOf(':') == rest.lastIndexOf(':')) {
      host = rest.substring(0, rest.indexOf(':'));
      port = port(rest.substring(rest.indexOf(':')), text);
    }
    return new SshTarget(user, host, port);
  }

  private static int port(String colonPort, String text) {
    if (!colonPort.matches(":[0-9]{1,5}")) {
      throw new IllegalArgumentException("bad port in '" + text + "'");
    }
    return Integer.parseInt(colonPort.substring(1));
  }

  /** The name known_hosts uses: {@code host}, or {@code [host]:port} off port 22. */
  public String knownHostsName() {
    return port == 22 ? host : "[" + host + "]:" + port;
  }

  @Override
  public String toString() {
    return user + "@" + host + (port == 22 ? "" : ":" + port);
  }
}
