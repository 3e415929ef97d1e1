package helperlab.remote;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What a deploy checks before it changes anything on the server: that the login can make and keep its
 * directory ({@link RemoteDirCheck}), Java 17 there, the PostgreSQL and Redis binaries where private ones
 * will be started, and room for the jar; with {@code --install}
 * what is missing is installed through {@code sudo -n} first. It also learns whether the jar there is
 * already the one being deployed (its SHA-256), so the copy can be skipped.
 */
final class DeployPreflight {
  /** Room kept free beyond the jar: the scripts, and the cage's first log lines. */
  static final long MARGIN_BYTES = 1L << 20;

  /** What was found: the check's answers, the jar already there (its SHA-256, or empty), the free space in KiB. */
  record Found(Map<String, String> facts, String remoteJarSha, long freeKb, boolean dirExists) {}

  private final RemoteShell shell;

  DeployPreflight(RemoteShell shell) {
    this.shell = shell;
  }

  /** Checks the server for a deploy of a jar of {@code jarBytes} with SHA-256 {@code sha} into {@code dir}. */
  Found check(SshTransport.Sessions s, DeployOptions o, String dir, long jarBytes, String sha, Consumer<String> progress)
      throws ControlException {
    String where = shell.transport().describe();
    progress.accept("checking " + where + " before changing anything");
    Found found = look(s, dir);
    String dirRefused = RemoteDirCheck.refusal(found.facts(), o.remoteDir(), where);
    if (dirRefused != null) {
      throw new ControlException(ControlException.Kind.COMMAND_FAILED, dirRefused);
    }
    EnumSet<ServerCheck.Need> missing = ServerCheck.missing(found.facts(), true, o.pgUrl() != null,
        o.redisUrl() != null);
    if (!missing.isEmpty()) {
      String install = ServerCheck.installCommand(found.facts(), missing);
      String names = names(missing);
      if (!o.install()) {
        throw new ControlException(ControlException.Kind.COMMAND_FAILED, names + (missing.size() == 1 ? " is" : " are")
            + " not installed on " + where + "; install " + (missing.size() == 1 ? "it" : "them") + " with: " + install
            + " (or deploy with --install to run that through sudo -n). Nothing was changed there.");
      }
      if (!install.startsWith("sudo ")) {
        throw new ControlException(ControlException.Kind.COMMAND_FAILED, names + " missing on " + where
            + " and its package manager is not one deploy knows: " + install + ". Nothing was changed there.");
      }
      progress.accept("installing: " + install);
      RemoteShell.Result inst = shell.exec(s, "sudo -n " + install.substring("sudo ".length()));
      if (inst.code() != 0) {
        throw new ControlException(ControlException.Kind.COMMAND_FAILED, "could not install " + names + " on " + where
            + ": sudo -n is not allowed for this login (or the install failed: " + RemoteShell.tail(inst.err())
            + "); run it by hand: " + install);
      }
      found = look(s, dir);
    }
    long need = (sha.equals(found.remoteJarSha()) ? 0 : jarBytes) + MARGIN_BYTES;
    if (found.freeKb() >= 0 && found.freeKb() * 1024 < need) {
      throw new ControlException(ControlException.Kind.COMMAND_FAILED, diskFull(where, found.facts().get("disk_dir"),
          found.freeKb(), need) + " Nothing was copied.");
    }
    return found;
  }

  /** The plain words for a disk without room. */
  static String diskFull(String where, String dir, long freeKb, long needBytes) {
    return String.format(Locale.ROOT, "disk full: %.1f MiB free in %s on %s, the deploy needs %.1f MiB; free some"
        + " space there (df -h %s) and deploy again.", freeKb / 1024.0, dir, where, needBytes / 1048576.0, dir);
  }

  /** The free space in {@code dir} in KiB (-1 when df cannot tell). */
  long freeKb(SshTransport.Sessions s, String dir) throws ControlException {
    String out = shell.exec(s, "df -Pk " + dir + " 2>/dev/null | awk 'NR==2 {print $4}'").out().strip();
    return out.matches("\\d+") ? Long.parseLong(out) : -1;
  }

  private Found look(SshTransport.Sessions s, String dir) throws ControlException {
    RemoteShell.Result r = shell.exec(s, ServerCheck.script(dir, 5432, 6379) + RemoteDirCheck.script(dir)
        + "if [ -d " + dir + " ]; then echo dir_exists=yes; fi\n"
        + "echo \"jar_sha=$(cd " + dir + " 2>/dev/null && sha256sum " + Deployer.JAR + " 2>/dev/null | cut -d' ' -f1)\"\n");
    Map<String, String> f = ServerCheck.parse(r.out());
    String free = f.getOrDefault("disk_free_kb", "");
    return new Found(f, f.getOrDefault("jar_sha", ""), free.matches("\\d+") ? Long.parseLong(free) : -1,
        "yes".equals(f.get("dir_exists")));
  }

  private static String names(EnumSet<ServerCheck.Need> missing) {
    return String.join(" and ", missing.stream().map(n -> switch (n) {
      case JAVA -> "Java 17";
      case POSTGRESQL -> "PostgreSQL";
      case REDIS -> "Redis";
    }).toList());
  }
}
