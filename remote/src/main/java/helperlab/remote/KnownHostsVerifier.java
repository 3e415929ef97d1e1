package helperlab.remote;

import com.jcraft.jsch.HostKey;
import com.jcraft.jsch.HostKeyRepository;
import com.jcraft.jsch.JSch;
import com.jcraft.jsch.JSchException;
import com.jcraft.jsch.UserInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * Checks host keys against an OpenSSH known_hosts file: a known key passes; an unknown host is shown
 * to the user with its SHA256 fingerprint and, if trusted, appended to the file; a changed key is
 * refused outright (never asked about), as OpenSSH does.
 */
final class KnownHostsVerifier implements HostKeyRepository {
  private final HostKeyRepository known;
  private final Path file;
  private final HostKeyPrompt prompt;
  private volatile String refusal;

  KnownHostsVerifier(JSch jsch, Path file, HostKeyPrompt prompt) throws JSchException, IOException {
    this.file = file;
    this.prompt = prompt;
    if (Files.exists(file)) {
      jsch.setKnownHosts(file.toString());
    }
    this.known = jsch.getHostKeyRepository();
  }

  /** Why the last check failed, if it did. */
  String refusal() {
    return refusal;
  }

  @Override
  public int check(String host, byte[] key) {
    int status = known.check(host, key);
    if (status == OK) {
      return OK;
    }
    String type;
    try {
      type = new HostKey(host, key).getType();
    } catch (JSchException e) {
      refusal = "the server sent a host key of an unknown type";
      return CHANGED;
    }
    String fingerprint = fingerprint(key);
    if (status == CHANGED) {
      refusal = "WARNING: the host key of " + host + " has CHANGED (now " + type + " " + fingerprint + "). "
          + "Someone may be impersonating the server, or its key was replaced. Connection refused; if the change is "
          + "expected, remove the old entry from " + file + " and connect again.";
      return CHANGED;
    }
    if (!prompt.trustNewHost(host, type, fingerprint)) {
      refusal = "the host " + host + " (" + type + " " + fingerprint + ") is not in " + file + " and was not trusted";
      return NOT_INCLUDED;
    }
    try {
      // written here once; JSch's own add would also rewrite the file (a second line for the same key)
      HostKey entry = new HostKey(host, key);
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      Files.writeString(file, host + " " + entry.getType() + " " + entry.getKey() + "\n", StandardCharsets.UTF_8,
          StandardOpenOption.CREATE, StandardOpenOption.APPEND);
      return OK;
    } catch (JSchException | IOException e) {
      refusal = "could not save the host key to " + file + ": " + e.getMessage();
      return NOT_INCLUDED;
    }
  }

  /** The OpenSSH form, as {@code ssh-keygen -lf} prints it: SHA256:base64 without padding. */
  static String fingerprint(byte[] key) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(key);
      return "SHA256:" + Base64.getEncoder().withoutPadding().encodeToString(digest);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void add(HostKey hostkey, UserInfo ui) {
    known.add(hostkey, ui);
  }

  @Override
  public void remove(String host, String type) {
    known.remove(host, type);
  }

  @Override
  public void remove(String host, String type, byte[] key) {
    known.remove(host, type, key);
  }

  @Override
  public String getKnownHostsRepositoryID() {
    return known.getKnownHostsRepositoryID();
  }

  @Override
  public HostKey[] getHostKey() {
    return known.getHostKey();
  }

  @Override
  public HostKey[] getHostKey(String host, String type) {
    return known.getHostKey(host, type);
  }
}
