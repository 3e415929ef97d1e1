package helperlab.cage;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A small tmpfs a test mounts on one of the cage's directories, to fill it (a full disk that is the host's fault),
 * make it read-only, or give it more room; unmounted when closed. Needs root; {@link #unavailable()} says why not.
 */
public final class Tmpfs implements AutoCloseable {
  private final Path dir;

  private Tmpfs(Path dir) {
    this.dir = dir;
  }

  /** Mounts a tmpfs of {@code size} ("20m") on {@code dir} (made if missing). */
  public static Tmpfs mount(Path dir, String size) throws Exception {
    Files.createDirectories(dir);
    run(List.of("mount", "-t", "tmpfs", "-o", "size=" + size + ",mode=0755", "tmpfs", dir.toString()));
    return new Tmpfs(dir);
  }

  /** Why a test cannot mount one here (not root, no mount), or null. */
  public static String unavailable() {
    try {
      Process p = new ProcessBuilder("id", "-u").start();
      if (!"0".equals(new String(p.getInputStream().readAllBytes()).trim())) {
        return "mounting a tmpfs needs root";
      }
      Path probe = Files.createTempDirectory("helperlab-tmpfs-probe");
      try {
        run(List.of("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", probe.toString()));
        run(List.of("umount", probe.toString()));
      } finally {
        Files.deleteIfExists(probe);
      }
      return null;
    } catch (Exception e) {
      return "cannot mount a tmpfs here: " + e.getMessage();
    }
  }

  public Path dir() {
    return dir;
  }

  /** Gives it {@code size} of room from now on (the host's space returns). */
  public void resize(String size) throws Exception {
    run(List.of("mount", "-o", "remount,size=" + size, dir.toString()));
  }

  /**
   * Read-only (true) or writable again (false). The kernel refuses to make a mount read-only while a file on it is
   * open for writing ("busy"), so it is asked again until a moment comes when none is.
   */
  public void readOnly(boolean ro) throws Exception {
    List<String> cmd = List.of("mount", "-o", "remount," + (ro ? "ro" : "rw"), dir.toString());
    org.awaitility.Awaitility.await("the remount " + (ro ? "read-only" : "writable")).atMost(java.time.Duration.ofSeconds(120))
        .pollInterval(java.time.Duration.ofMillis(5)).until(() -> {
          try {
            run(cmd);
            return true;
          } catch (IllegalStateException busy) {
            return false;
          }
        });
  }

  /** Fills it with one file until the kernel says no space is left; returns the file (delete it to free the room). */
  public Path fill() throws Exception {
    Path filler = dir.resolve("filler");
    byte[] mb = new byte[1 << 20];
    try (var out = Files.newOutputStream(filler)) {
      while (true) {
        out.write(mb);
      }
    } catch (java.io.IOException e) {
      if (!String.valueOf(e.getMessage()).contains("No space left on device")) {
        throw e;
      }
    }
    return filler;
  }

  private static void run(List<String> cmd) throws Exception {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IllegalStateException(String.join(" ", cmd) + " failed: " + out.trim());
    }
  }

  @Override
  public void close() throws Exception {
    run(List.of("umount", "-l", dir.toString()));
  }
}
