package helperlab.remote;

import java.nio.file.Path;

/** Asks for secrets when they are needed; nothing asked for is ever stored. */
public interface CredentialsPrompt {
  /** The passphrase of an encrypted private key, or null to give up. */
  char[] passphrase(Path keyFile);

  /** A password for password login, or null to not offer one. */
  char[] password(SshTarget target);

  /** No secrets available (scripts): encrypted keys and password logins fail with a clear error. */
  CredentialsPrompt NONE = new CredentialsPrompt() {
    @Override
    public char[] passphrase(Path keyFile) {
      return null;
    }

    @Override
    public char[] password(SshTarget target) {
      return null;
    }
  };
}
