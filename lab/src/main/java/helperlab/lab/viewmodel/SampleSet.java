package helperlab.lab.viewmodel;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The small sample set the lab carries (the jars and the app image): a few runs recorded on a real cage with the
 * simulator's replays of them, and the committed sweep, so a first start from an empty folder has something in
 * every view. They are unpacked into the lab's home ({@code sample-runs/}, {@code sample-sweep/}) the first time
 * they are wanted, because the views read folders; a file the user deleted there is put back on the next start,
 * a file present is left as it is. Which files are in the set is the build's choice ({@code pom.xml}).
 */
public final class SampleSet {
  /** Where the set sits among the class path's resources. */
  static final String RESOURCE = "/samples";
  public static final String RUNS = "sample-runs";
  public static final String SWEEP = "sample-sweep";

  private final Path home;

  public SampleSet(Path home) {
    this.home = home;
  }

  /** The runs folder the samples are unpacked into. */
  public Path runsDir() {
    return home.resolve(RUNS);
  }

  /** The sweep folder the samples are unpacked into. */
  public Path sweepDir() {
    return home.resolve(SWEEP);
  }

  /** Whether this build carries a sample set (a build without its resources has none). */
  public static boolean carried() {
    return SampleSet.class.getResource(RESOURCE) != null;
  }

  /**
   * Copies the sample files missing under the home from the class path; returns how many were copied. Call off the
   * UI thread (about a megabyte).
   */
  public int unpack() throws IOException {
    URL url = SampleSet.class.getResource(RESOURCE);
    if (url == null) {
      return 0;
    }
    URI uri;
    try {
      uri = url.toURI();
    } catch (URISyntaxException e) {
      throw new IOException("the sample set's place in the program cannot be read: " + url, e);
    }
    if (!"jar".equals(uri.getScheme())) {
      return copyTree(Path.of(uri));
    }
    FileSystem opened = null;
    try {
      FileSystem jar;
      try {
        jar = opened = FileSystems.newFileSystem(uri, Map.of());
      } catch (FileSystemAlreadyExistsException e) {
        jar = FileSystems.getFileSystem(uri); // someone else's: used, not closed
      }
      return copyTree(jar.provider().getPath(uri));
    } finally {
      if (opened != null) {
        opened.close();
      }
    }
  }

  private int copyTree(Path root) throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.walk(root)) {
      files = s.filter(Files::isRegularFile).toList();
    }
    int copied = 0;
    for (Path f : files) {
      Path target = home;
      for (Path part : root.relativize(f)) {
        target = target.resolve(part.toString());
      }
      if (Files.exists(target)) {
        continue;
      }
      Files.createDirectories(target.getParent());
      Path part = target.resolveSibling(target.getFileName() + ".part");
      try (InputStream in = Files.newInputStream(f)) {
        Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
      }
      // a start that stops half-way leaves no half file that would be listed as a broken run
      Files.move(part, target, StandardCopyOption.ATOMIC_MOVE);
      copied++;
    }
    return copied;
  }
}
