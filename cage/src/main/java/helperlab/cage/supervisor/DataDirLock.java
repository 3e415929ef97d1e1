package helperlab.cage.supervisor;

import helperlab.cage.config.CageConfig;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/** The data directory made ready and held: one supervisor per data directory, its run directory private. */
final class DataDirLock implements AutoCloseable {
  private final FileChannel channel;
  private final FileLock lock;

  private DataDirLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  /** Makes the cage's directories and takes the lock, or says that another supervisor holds it. */
  static DataDirLock take(CageConfig config) throws IOException {
    for (Path dir : new Path[] {config.inbox(), config.outbox(), config.deadLetters(), config.runsDir(), config.runDir()}) {
      Files.createDirectories(dir);
    }
    try {
      Files.setPosixFilePermissions(config.runDir(), PosixFilePermissions.fromString("rwx------"));
    } catch (UnsupportedOperationException | IOException e) {
      // not a POSIX file system: the control socket is as private as the directory allows
    }
    FileChannel channel = FileChannel.open(config.runDir().resolve("lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    FileLock lock = channel.tryLock();
    if (lock == null) {
      channel.close();
      throw new IllegalStateException("another supervisor is running on " + config.dataDir().toAbsolutePath());
    }
    return new DataDirLock(channel, lock);
  }

  @Override
  public void close() throws IOException {
    lock.release();
    channel.close();
  }
}
