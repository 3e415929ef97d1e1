package helperlab.lab.remote;

import helperlab.remote.CredentialsPrompt;
import helperlab.remote.SshTarget;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Asks for a secret once per connection and keeps it in memory only while connected, as an SSH
 * agent would: the lab opens a new SSH channel for each stream it follows (and for each reconnect),
 * and asking for the passphrase every time would be unusable. Nothing is written anywhere;
 * {@link #forget()} (on disconnect or a failed login) overwrites what was kept.
 */
public final class SessionCredentials implements CredentialsPrompt {
  private final CredentialsPrompt ask;
  private final Map<Path, char[]> passphrases = new HashMap<>();
  private final Map<SshTarget, char[]> passwords = new HashMap<>();

  public SessionCredentials(CredentialsPrompt ask) {
    this.ask = ask;
  }

  @Override
  public synchronized char[] passphrase(Path keyFile) {
    char[] kept = passphrases.get(keyFile);
    if (kept == null) {
      kept = ask.passphrase(keyFile);
      if (kept == null) {
        return null;
      }
      passphrases.put(keyFile, kept);
    }
    return kept.clone(); // the transport wipes what it is given
  }

  @Override
  public synchronized char[] password(SshTarget target) {
    char[] kept = passwords.get(target);
    if (kept == null) {
      kept = ask.password(target);
      if (kept == null) {
        return null;
      }
      passwords.put(target, kept);
    }
    return kept.clone();
  }

  /** Overwrites and drops every secret kept. */
  public synchronized void forget() {
    passphrases.values().forEach(p -> Arrays.fill(p, '\0'));
    passwords.values().forEach(p -> Arrays.fill(p, '\0'));
    passphrases.clear();
    passwords.clear();
  }
}
