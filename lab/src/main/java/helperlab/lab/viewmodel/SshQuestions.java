package helperlab.lab.viewmodel;

import helperlab.remote.CredentialsPrompt;
import helperlab.remote.HostKeyPrompt;
import helperlab.remote.SshTarget;
import java.nio.file.Path;

/**
 * What connecting over SSH may ask the person at the window, in the window's terms: whether to trust a host seen for
 * the first time, a key's passphrase, a password. The view answers (with dialogs); the view model hands the answers to
 * the transport ({@link #hostKeys()}, {@link #credentials()}), so the view needs no word of the transport's own.
 */
public interface SshQuestions {
  /** True to trust (and remember) the host whose key has this fingerprint. */
  boolean trustNewHost(String host, String keyType, String fingerprint);

  /** The passphrase of an encrypted private key, or null to give up. */
  char[] passphrase(Path keyFile);

  /** A password for {@code target} ({@code user@host:port}), or null to not offer one. */
  char[] password(String target);

  /** These questions as the transport asks its host-key one. */
  default HostKeyPrompt hostKeys() {
    return this::trustNewHost;
  }

  /** These questions as the transport asks for secrets. */
  default CredentialsPrompt credentials() {
    SshQuestions asks = this;
    return new CredentialsPrompt() {
      @Override
      public char[] passphrase(Path keyFile) {
        return asks.passphrase(keyFile);
      }

      @Override
      public char[] password(SshTarget target) {
        return asks.password(target.toString());
      }
    };
  }
}
