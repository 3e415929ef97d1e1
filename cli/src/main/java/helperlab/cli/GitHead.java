package helperlab.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** The commit the working directory's checkout is at, for a registration to name the model it predicted with. */
final class GitHead {
  private GitHead() {}

  /** "SHA", "SHA (with uncommitted changes)", or "unknown (not a git checkout)". */
  static String describe() {
    String head = run("git", "rev-parse", "HEAD");
    if (head == null || head.isBlank()) {
      return "unknown (not a git checkout)";
    }
    String dirty = run("git", "status", "--porcelain", "--untracked-files=no");
    return head.trim() + (dirty != null && !dirty.isBlank() ? " (with uncommitted changes)" : "");
  }

  private static String run(String... command) {
    try {
      Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
      String text = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      // git answers in milliseconds; a hung one must not hang the registration
      if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroyForcibly();
        return null;
      }
      return text;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
