package helperlab.cage.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import javax.imageio.IIOException;
import org.junit.jupiter.api.Test;

/** What counts as the host's fault, not the image's: the kernel's words for it, anywhere in a failure's causes. */
class HostFaultTest {
  private static final Path OUT = Path.of("/data/outbox/1/0000_a.jpg");

  @Test
  void theKernelsWordsForAFullOrFailingDiskAreTheHosts() {
    HostFault full = HostFault.of(new IOException("No space left on device"), OUT, true);
    assertEquals("ENOSPC", full.errno());
    assertEquals(OUT.toString(), full.path(), "where it was writing, when the failure does not say");
    assertEquals("EDQUOT", HostFault.of(new IOException("Disk quota exceeded"), OUT, true).errno());
    HostFault ro = HostFault.of(new FileSystemException("/data/outbox/1", null, "Read-only file system"), OUT, true);
    assertEquals("EROFS", ro.errno());
    assertEquals("/data/outbox/1", ro.path(), "the file the failure names");
    assertEquals("ENOSPC", HostFault.of(new IIOException("writing", new IOException("No space left on device")), OUT,
        false).errno(), "deep in the causes, as an encoder wraps it");
    assertEquals("No space left on device (ENOSPC) at " + OUT, full.words());
  }

  @Test
  void anIoErrorIsTheHostsOnlyWhileWriting() {
    assertEquals("EIO", HostFault.of(new IOException("Input/output error"), OUT, true).errno());
    assertNull(HostFault.of(new IIOException("reading", new IOException("Input/output error")), OUT, false),
        "a source that cannot be read is that input's, not a pause for every batch");
  }

  @Test
  void anythingElseIsNot() {
    assertNull(HostFault.of(new IIOException("Error reading PNG image data"), OUT, true));
    assertNull(HostFault.of(new IOException("Permission denied"), OUT, true));
    assertNull(HostFault.of(new OutOfMemoryError("Java heap space"), OUT, true));
  }
}
