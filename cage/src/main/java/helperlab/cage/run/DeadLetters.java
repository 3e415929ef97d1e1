package helperlab.cage.run;

import helperlab.cage.worker.HostFault;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Where given-up images go: {@code deadletters/<image id>_<name>}. A file in the inbox that no other
 * open image uses is moved there (out of the way of the next batch); anything else (a sample, a
 * file another batch still needs) is copied, so nothing else loses its input. A move or copy the host refuses (no
 * space, read-only...) leaves the source where it was and says so, to be filed again when the storage is back.
 */
final class DeadLetters {
  private DeadLetters() {}

  /** Where an image was filed ({@code movedTo}), or why not; {@code hostFault} when the host refused it. */
  record Filed(String movedTo, HostFault hostFault) {}

  /** Files the image's source; returns where it went, or why it could not go. */
  static Filed file(long imageId, Path source, Path inbox, Path deadLetters, boolean stillNeeded) {
    Path target = deadLetters.resolve(imageId + "_" + source.getFileName());
    try {
      Files.createDirectories(deadLetters);
      boolean inInbox = source.toAbsolutePath().normalize().startsWith(inbox.toAbsolutePath().normalize());
      if (inInbox && !stillNeeded) {
        Files.move(source, target, StandardCopyOption.REPLACE_EXISTING);
      } else {
        Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
      }
      return new Filed(target.toString(), null);
    } catch (IOException e) {
      HostFault host = HostFault.of(e, target, true);
      if (host != null) {
        try {
          if (Files.exists(source)) {
            Files.deleteIfExists(target); // a copy cut short by the fault is no dead letter
          }
        } catch (IOException ignored) {
          // the next try replaces it
        }
        HostFault here = new HostFault(host.errno(), host.reason(), target.toString()); // probed where it goes
        return new Filed("(not filed yet: " + here.words() + ")", here);
      }
      return new Filed("(not filed: " + e.getMessage() + ")", null);
    }
  }
}
