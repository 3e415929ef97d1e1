package helperlab.cage.config;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * Which cage this is, so that cages sharing a PostgreSQL server own their runs and batches apart: the
 * configured {@code cage_id}, else one made from the data directory (its name and a hash of its
 * absolute path, so two data directories never share one). Stored with every run and batch the cage
 * writes; recovery takes back only its own, and one cage at a time may hold an identity on a database.
 */
public record CageIdentity(String id) {
  public static final String PATTERN = "[a-z0-9][a-z0-9_-]{0,47}";

  public CageIdentity {
    if (id == null || !id.matches(PATTERN)) {
      throw new IllegalArgumentException("cage_id must be 1-48 lower-case letters, digits, '_' or '-' (starting with"
          + " a letter or digit), got '" + id + "'");
    }
  }

  /** The configured identity, or the data directory's. */
  public static CageIdentity of(String configured, Path dataDir) {
    return configured != null && !configured.isBlank() ? new CageIdentity(configured) : ofDataDir(dataDir);
  }

  static CageIdentity ofDataDir(Path dataDir) {
    Path abs = dataDir.toAbsolutePath().normalize();
    String name = abs.getFileName() == null ? "root" : abs.getFileName().toString().toLowerCase(Locale.ROOT);
    name = name.replaceAll("[^a-z0-9]+", "-").replaceAll("^-+|-+$", "");
    if (name.isEmpty()) {
      name = "cage";
    }
    if (name.length() > 24) {
      name = name.substring(0, 24).replaceAll("-+$", "");
    }
    try {
      byte[] h = MessageDigest.getInstance("SHA-256").digest(abs.toString().getBytes(StandardCharsets.UTF_8));
      return new CageIdentity(name + "-" + HexFormat.of().formatHex(h, 0, 4));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The database a cage uses when none is configured: its own, named for it. */
  public String defaultDatabase() {
    return "helperlab_" + id.replace('-', '_');
  }

  @Override
  public String toString() {
    return id;
  }
}
