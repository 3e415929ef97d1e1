package helperlab.remote;

import com.jcraft.jsch.JSch;
import com.jcraft.jsch.KeyPair;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PublicKey;
import java.util.List;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.apache.sshd.common.config.keys.PublicKeyEntry;
import org.apache.sshd.server.SshServer;
import org.apache.sshd.server.config.keys.AuthorizedKeysAuthenticator;
import org.apache.sshd.server.forward.AcceptAllForwardingFilter;
import org.apache.sshd.server.keyprovider.SimpleGeneratorHostKeyProvider;
import org.apache.sshd.common.file.virtualfs.VirtualFileSystemFactory;
import org.apache.sshd.server.channel.ChannelSession;
import org.apache.sshd.server.shell.ProcessShellFactory;
import org.apache.sshd.sftp.server.SftpSubsystemFactory;

/**
 * An embedded SSH server on loopback (Apache MINA SSHD) that speaks real SSH: host key, public-key
 * login against an authorized_keys file, port forwarding for jump hosts, optional SFTP, and commands
 * run as real processes through {@code sh -c}, as OpenSSH runs them (so a missing command exits 127).
 * Its "users" share a home directory of its own ({@code home}), and {@code helper-lab} on their PATH
 * runs this build's {@code helperlab.cli.Main}.
 */
public final class SshTestServer implements AutoCloseable {
  final SshServer server;
  final Path dir;
  final Path home;
  final Path bin;
  /** The system part of the commands' PATH: the test JVM's java and this machine's PATH, unless {@link #withoutPrograms}. */
  private volatile String systemPath;

  public SshTestServer(Path dir, Path authorizedKeys) throws IOException {
    this(dir, authorizedKeys, false);
  }

  SshTestServer(Path dir, Path authorizedKeys, boolean sftp) throws IOException {
    this.dir = dir;
    this.home = Files.createDirectories(dir.resolve("home"));
    this.bin = Files.createDirectories(dir.resolve("bin"));
    Path launcher = bin.resolve("helper-lab");
    Files.writeString(launcher, "#!/bin/sh\nexec " + quote(javaCommand()) + " -cp " + quote(classpath())
        + " helperlab.cli.Main \"$@\"\n");
    launcher.toFile().setExecutable(true);
    systemPath = Path.of(javaCommand()).getParent() + ":" + System.getenv("PATH");
    server = SshServer.setUpDefaultServer();
    server.setHost("127.0.0.1");
    server.setPort(0);
    SimpleGeneratorHostKeyProvider hostKeys = new SimpleGeneratorHostKeyProvider(dir.resolve("host-key.ser"));
    hostKeys.setAlgorithm(KeyUtils.EC_ALGORITHM);
    server.setKeyPairProvider(hostKeys);
    server.setPublickeyAuthenticator(new AuthorizedKeysAuthenticator(authorizedKeys));
    server.setPasswordAuthenticator(null);
    server.setForwardingFilter(AcceptAllForwardingFilter.INSTANCE);
    server.setCommandFactory((channel, command) -> new ProcessShellFactory(command, translate(command)) {
      @Override
      protected List<String> resolveEffectiveCommand(ChannelSession session, String cmd, List<String> elements) {
        return elements; // MINA would run "/bin/sh -c cmd" itself, without our HOME and PATH
      }
    }.createShell(channel));
    if (sftp) {
      server.setSubsystemFactories(List.of(new SftpSubsystemFactory()));
      server.setFileSystemFactory(new VirtualFileSystemFactory(home));
    }
    server.start();
  }

  /** The command as OpenSSH would run it: by the shell, in the user's home, with HOME and PATH set. */
  List<String> translate(String command) {
    return List.of("/usr/bin/env", "HOME=" + home, "PATH=" + bin + ":" + systemPath,
        "sh", "-c", "cd \"$HOME\" && " + command);
  }

  /**
   * From now on the commands see a server that lacks {@code programs}: their PATH is one directory of
   * links to every other program on this machine's PATH (the first of each name, as a shell finds it).
   */
  public void withoutPrograms(String... programs) throws IOException {
    java.util.Set<String> hidden = java.util.Set.of(programs);
    Path sys = Files.createDirectories(dir.resolve("sysbin"));
    for (String entry : System.getenv("PATH").split(":")) {
      Path d = Path.of(entry);
      if (!Files.isDirectory(d)) {
        continue;
      }
      try (var files = Files.list(d)) {
        for (Path f : (Iterable<Path>) files::iterator) {
          Path link = sys.resolve(f.getFileName().toString());
          if (!hidden.contains(f.getFileName().toString()) && Files.isExecutable(f) && !Files.exists(link,
              java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            Files.createSymbolicLink(link, f.toAbsolutePath());
          }
        }
      }
    }
    systemPath = sys.toString();
  }

  /** This JVM's class path with every entry absolute (the server's commands run in its home). */
  static String classpath() {
    return java.util.Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
        .map(e -> Path.of(e).toAbsolutePath().toString()).collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
  }

  static String javaCommand() {
    return ProcessHandle.current().info().command().orElse("java");
  }

  /** Single-quoted for sh. */
  static String quote(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }

  public int port() {
    return server.getPort();
  }

  PublicKey hostKey() throws Exception {
    return server.getKeyPairProvider().loadKeys(null).iterator().next().getPublic();
  }

  /** The known_hosts line OpenSSH would write for this server. */
  public String knownHostsLine() throws Exception {
    return "[127.0.0.1]:" + port() + " " + PublicKeyEntry.toString(hostKey()) + "\n";
  }

  public String fingerprint() throws Exception {
    return KeyUtils.getFingerPrint(hostKey());
  }

  /** Writes a user key pair (optionally encrypted) and returns the private key file; the public key goes to {@code authorized}. */
  public static Path userKey(Path dir, String name, Path authorized, byte[] passphrase) throws Exception {
    JSch jsch = new JSch();
    KeyPair pair = KeyPair.genKeyPair(jsch, KeyPair.ECDSA, 256);
    Path priv = dir.resolve(name);
    try (OutputStream out = Files.newOutputStream(priv)) {
      if (passphrase == null) {
        pair.writePrivateKey(out);
      } else {
        pair.writePrivateKey(out, passphrase);
      }
    }
    if (authorized != null) {
      try (OutputStream out = Files.newOutputStream(authorized, java.nio.file.StandardOpenOption.CREATE,
          java.nio.file.StandardOpenOption.APPEND)) {
        pair.writePublicKey(out, name);
      }
    }
    pair.dispose();
    return priv;
  }

  /** A started server, a user key it authorizes, and a known_hosts file that trusts it: where most tests start. */
  public record Login(SshTestServer server, Path key, Path knownHosts) implements AutoCloseable {
    @Override
    public void close() throws IOException {
      server.close();
    }
  }

  /** Starts a server in {@code dir/ssh} with a fresh key {@code dir/id_lab} authorized and trusted in {@code dir/known_hosts}. */
  public static Login login(Path dir, boolean sftp) throws Exception {
    Path authorized = dir.resolve("authorized_keys");
    Path key = userKey(dir, "id_lab", authorized, null);
    SshTestServer server = new SshTestServer(Files.createDirectories(dir.resolve("ssh")), authorized, sftp);
    Path knownHosts = dir.resolve("known_hosts");
    Files.writeString(knownHosts, server.knownHostsLine());
    return new Login(server, key, knownHosts);
  }

  @Override
  public void close() throws IOException {
    server.stop(true);
    Path sys = dir.resolve("sysbin");
    if (Files.isDirectory(sys)) { // the links, not what they point at (JUnit's TempDir warns of each one otherwise)
      try (var links = Files.list(sys)) {
        for (Path link : (Iterable<Path>) links::iterator) {
          Files.delete(link);
        }
      }
    }
  }
}
