package helperlab.lab.viewmodel;

import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * Which lab this is: its version and the commit it was built from. A jar made by {@code mvn -Pdist package}
 * carries both in its manifest; a development build run from a checkout (as {@code scripts/lab} does)
 * reads the commit from the checkout's git directory.
 */
public record BuildInfo(String version, String commit) {
  public static final String UNKNOWN = "unknown";

  /** This lab's build information. */
  public static BuildInfo current() {
    String version = null;
    String commit = null;
    Path jar = codeLocation();
    if (jar != null && Files.isRegularFile(jar)) {
      try (JarFile f = new JarFile(jar.toFile())) {
        Manifest m = f.getManifest();
        if (m != null) {
          version = m.getMainAttributes().getValue("Implementation-Version");
          commit = m.getMainAttributes().getValue("Build-Commit");
        }
      } catch (IOException e) {
        // no manifest to read: fall back below
      }
    }
    if (commit == null || commit.isBlank() || UNKNOWN.equals(commit)) {
      commit = null;
      for (Path start : new Path[] {jar, Path.of("").toAbsolutePath()}) {
        if (commit == null && start != null) {
          commit = checkoutCommit(start);
        }
      }
      if (commit != null) {
        commit += " (checkout)";
      }
    }
    return new BuildInfo(version == null || version.isBlank() ? "development build" : version,
        commit == null ? UNKNOWN : commit);
  }

  private static Path codeLocation() {
    try {
      var src = BuildInfo.class.getProtectionDomain().getCodeSource();
      return src == null ? null : Path.of(src.getLocation().toURI());
    } catch (URISyntaxException | RuntimeException e) {
      return null;
    }
  }

  /** The commit checked out in the git working tree holding {@code start}, or null. */
  static String checkoutCommit(Path start) {
    for (Path dir = start.toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path dotGit = dir.resolve(".git");
      try {
        Path gitDir = null;
        if (Files.isDirectory(dotGit)) {
          gitDir = dotGit;
        } else if (Files.isRegularFile(dotGit)) { // a worktree: "gitdir: /repo/.git/worktrees/name"
          String line = Files.readString(dotGit, StandardCharsets.UTF_8).trim();
          if (line.startsWith("gitdir:")) {
            gitDir = dir.resolve(line.substring(7).trim());
          }
        }
        if (gitDir != null) {
          return head(gitDir);
        }
      } catch (IOException e) {
        return null;
      }
    }
    return null;
  }

  private static String head(Path gitDir) throws IOException {
    String head = Files.readString(gitDir.resolve("HEAD"), StandardCharsets.UTF_8).trim();
    if (!head.startsWith("ref:")) {
      return shortId(head);
    }
    String ref = head.substring(4).trim();
    Path common = gitDir;
    Path commonFile = gitDir.resolve("commondir");
    if (Files.isRegularFile(commonFile)) {
      common = gitDir.resolve(Files.readString(commonFile, StandardCharsets.UTF_8).trim()).normalize();
    }
    for (Path d : new Path[] {gitDir, common}) {
      Path loose = d.resolve(ref);
      if (Files.isRegularFile(loose)) {
        return shortId(Files.readString(loose, StandardCharsets.UTF_8).trim());
      }
    }
    Path packed = common.resolve("packed-refs");
    if (Files.isRegularFile(packed)) {
      try (InputStream in = Files.newInputStream(packed)) {
        for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
          if (line.endsWith(" " + ref)) {
            return shortId(line.substring(0, line.indexOf(' ')));
          }
        }
      }
    }
    return null;
  }

  private static String shortId(String id) {
    return id.length() > 12 ? id.substring(0, 12) : id;
  }
}
