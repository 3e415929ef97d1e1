package helperlab.cli;

import helperlab.remote.CredentialsPrompt;
import helperlab.remote.HostKeyPrompt;
import helperlab.remote.SshTarget;
import java.io.Console;
import java.nio.file.Path;

/**
 * Asks on the terminal: whether to trust a new host (showing its fingerprint) and for a key's
 * passphrase. Without a terminal (a script) it trusts nothing and has no secrets, so the command
 * fails with a message that says what to do instead of hanging on a prompt nobody sees.
 */
final class ConsolePrompts implements HostKeyPrompt, CredentialsPrompt {
  private final Console console = System.console();

  @Override
  public boolean trustNewHost(String host, String keyType, String fingerprint) {
    if (console == null) {
      return false;
    }
    String answer = console.readLine("The authenticity of host %s can't be established.%n%s key fingerprint is %s.%n"
        + "Trust it and remember it? [y/N] ", host, keyType, fingerprint);
    return answer != null && (answer.trim().equalsIgnoreCase("y") || answer.trim().equalsIgnoreCase("yes"));
  }

  @Override
  public char[] passphrase(Path keyFile) {
    return console == null ? null : console.readPassword("Passphrase for %s: ", keyFile);
  }

  @Override
  public char[] password(SshTarget target) {
    return console == null ? null : console.readPassword("Password for %s: ", target);
  }
}
