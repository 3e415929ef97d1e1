package helperlab.remote;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipFile;

/**
 * The jar {@code deploy} uploads: the headless server jar ({@code helper-lab-server.jar}, no JavaFX inside). Run from
 * the server jar, that is the running jar itself; run from a desktop jar ({@code target/helper-lab.jar}, a platform's
 * jar, the app image), it is the server jar beside it, where {@code mvn package} and the app image put it.
 */
public final class ServerJar {
  /** Its name beside the desktop jar. */
  public static final String NAME = "helper-lab-server.jar";

  private ServerJar() {}

  /** The server jar for a build running from {@code running} (a jar file). */
  public static Path forRunning(Path running) {
    if (!holdsJavaFx(running)) {
      return running;
    }
    Path beside = running.toAbsolutePath().resolveSibling(NAME);
    if (Files.isRegularFile(beside)) {
      return beside;
    }
    throw new IllegalArgumentException(running.getFileName() + " is a desktop jar, and the server jar (" + NAME
        + ") that deploy uploads is not beside it (" + beside + "): build both with mvn package -DskipTests (they go to"
        + " target/), or name the server jar with --jar");
  }

  /** Whether {@code jar} holds JavaFX's classes (a desktop jar) or not (the server jar). */
  public static boolean holdsJavaFx(Path jar) {
    try (ZipFile z = new ZipFile(jar.toFile())) {
      return z.stream().anyMatch(e -> e.getName().startsWith("javafx/"));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + jar + " as a jar: " + e.getMessage(), e);
    }
  }
}
