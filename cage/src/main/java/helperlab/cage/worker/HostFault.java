package helperlab.cage.worker;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.List;

/**
 * A failure whose cause is the host, not the image: the kernel refused a write or a read for want of space or quota,
 * a read-only file system, or an I/O error of the device (ENOSPC, EDQUOT, EROFS, EIO). Such a failure says nothing of
 * the image: it earns no strike, kills no worker and moves no source; the work waits until the host is well again.
 *
 * @param errno the kernel's name for it ("ENOSPC")
 * @param reason the kernel's words, as the JDK gives them
 * @param path where it happened (the file or directory named by the failure, else the one being written)
 */
public record HostFault(String errno, String reason, String path) {
  private record Kind(String errno, String words) {}

  /** The kernel's messages (strerror) the JDK passes on, and their names. */
  private static final List<Kind> KINDS = List.of(new Kind("ENOSPC", "No space left on device"),
      new Kind("EDQUOT", "Disk quota exceeded"), new Kind("EROFS", "Read-only file system"),
      new Kind("EIO", "Input/output error"));

  /**
   * The host's fault behind {@code failure} (anywhere in its causes), or null when it is not one. An I/O error (EIO)
   * counts only {@code whileWriting}: one met reading a source is that input's (a bad sector under one file is a lost
   * input, not a pause for everyone), and earns strikes as a failed decode would.
   */
  public static HostFault of(Throwable failure, Path writing, boolean whileWriting) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (!(t instanceof IOException)) {
        continue;
      }
      String message = String.valueOf(t.getMessage());
      for (Kind k : KINDS) {
        if (message.contains(k.words()) && (whileWriting || !k.errno().equals("EIO"))) {
          String where = t instanceof FileSystemException f && f.getFile() != null ? f.getFile()
              : writing == null ? "" : writing.toString();
          return new HostFault(k.errno(), k.words(), where);
        }
      }
    }
    return null;
  }

  /** In words for a log or a status: "No space left on device (ENOSPC) at /data/outbox/12/0001_a.jpg". */
  public String words() {
    return reason + " (" + errno + ")" + (path.isEmpty() ? "" : " at " + path);
  }
}
