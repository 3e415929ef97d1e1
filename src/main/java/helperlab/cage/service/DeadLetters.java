package helperlab.cage.service;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Where given-up images go: {@code deadletters/<image id>_<name>}. A file in the inbox that no other
 * open image uses is moved there (out of the way of the next batch); anything else (a sample, a
 * file another batch still needs) is copied, so nothing else loses its input.
 */
final class DeadLetters {
  private DeadLetters() {}

  /** Files the image's source; returns where it went, or why it could not go. */
  static String file(long imageId, Path source, Path inbox, Path deadLetters, boolean stillNeeded) {
    Path target = deadLetters.resolve(imageId + "_" + source.getFileName());
    try {
      Files.createDirectories(deadLetters);
      boolean inInbox = source.toAbsolutePath().normalize().startsWith(inbox.toAbsolutePath().normalize());
      if (inInbox && !stillNeeded) {
        Files.move(source, target, StandardCopyOption.REPLACE_EXISTING);
      } else {
        Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
      }
      return target.toString();
    } catch (IOException e) {
      return "(not filed: " + e.getMessage() + ")";
    }
  }
}
