package helperlab.remote;

/** Asks the user whether to trust a host seen for the first time, showing its key's fingerprint. */
public interface HostKeyPrompt {
  boolean trustNewHost(String host, String keyType, String fingerprint);

  /** Never trusts an unknown host (scripts without a terminal). */
  HostKeyPrompt REFUSE = (host, type, fingerprint) -> false;
}
