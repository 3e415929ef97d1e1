package helperlab.cage.worker;

import static org.awaitility.Awaitility.await;
import helperlab.cage.TestImages;
import helperlab.cage.image.ImageHeader;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import javax.imageio.IIOException;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Resizing and publishing: sizes, never twice, never half, and images only decoding can refuse. */
class ResizerTest {
  private final Resizer resizer = new Resizer(ImageHeader.DEFAULT_MAX_PIXELS);

  @Test
  void fitsTheLongEdgeKeepsTheAspectAndNeverEnlarges(@TempDir Path dir) throws Exception {
    Path src = TestImages.photo(2); // 1633 x 1225
    Resizer.Output o = resizer.resizeFile(src, dir.resolve("a.jpg"), 320);
    assertEquals(320, o.width());
    assertEquals(240, o.height());
    BufferedImage small = ImageIO.read(dir.resolve("a.jpg").toFile());
    assertEquals(320, small.getWidth());
    Resizer.Output big = resizer.resizeFile(src, dir.resolve("b.jpg"), 4096);
    assertEquals(1633, big.width(), "never enlarged");
    Path png = dir.resolve("in.png");
    TestImages.png(png, 600, 900);
    Resizer.Output p = resizer.resizeFile(png, dir.resolve("c.png"), 300);
    assertEquals(200, p.width());
    assertEquals(300, p.height());
    assertTrue(ImageIO.read(dir.resolve("c.png").toFile()).getColorModel().hasAlpha(), "a PNG stays a PNG");
  }

  @Test
  void aPublishedOutputIsNeverWrittenAgain(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("once.jpg");
    resizer.resizeFile(TestImages.photo(2), out, 320);
    Object inode = Files.getAttribute(out, "unix:ino");
    Resizer.Output again = resizer.resizeFile(TestImages.photo(2), out, 320);
    assertTrue(again.alreadyPublished());
    assertEquals(inode, Files.getAttribute(out, "unix:ino"));
  }

  @Test
  void aReaderNeverSeesHalfAnImage(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("whole.jpg");
    AtomicBoolean running = new AtomicBoolean(true);
    AtomicInteger looks = new AtomicInteger();
    AtomicInteger partial = new AtomicInteger();
    Thread reader = new Thread(() -> {
      while (running.get()) {
        if (Files.exists(out)) {
          looks.incrementAndGet();
          try {
            if (ImageIO.read(out.toFile()) == null) {
              partial.incrementAndGet();
            }
          } catch (Exception e) {
            partial.incrementAndGet();
          }
        }
      }
    });
    reader.start();
    resizer.resizeFile(WatchdogTest.heavy(), out, 4096);
    await("the reader looks at the output").atMost(java.time.Duration.ofSeconds(60)).until(() -> looks.get() > 0);
    running.set(false);
    reader.join();
    assertTrue(looks.get() > 0, "the reader saw the output once it was there");
    assertEquals(0, partial.get(), "and never a part of it");
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(1, files.count(), "no temporary file is left");
    }
  }

  @Test
  void whatOnlyDecodingCanTellFailsAndABombIsRefusedBeforeDecoding(@TempDir Path dir) throws Exception {
    Path poison = dir.resolve("poison.png");
    TestImages.poisonPng(poison);
    assertThrows(IIOException.class, () -> resizer.resizeFile(poison, dir.resolve("p.png"), 320));
    Path bomb = dir.resolve("bomb.png");
    TestImages.bombPng(bomb);
    IIOException e = assertThrows(IIOException.class, () -> resizer.resizeFile(bomb, dir.resolve("b.png"), 320));
    assertTrue(e.getMessage().contains("refused before decoding"), "no 40 GB of pixels were allocated: " + e.getMessage());
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(2, files.count(), "nothing was published: " + dir);
    }
  }

  @Test
  void aPublishThatFindsTheOutputThereWritesNothingAndLeavesItAsItWas(@TempDir Path dir) throws Exception {
    Path target = dir.resolve("out").resolve("0000_a.jpg");
    Files.createDirectories(target.getParent());
    Files.writeString(target, "first");
    Object inode = Files.getAttribute(target, "unix:ino");
    // what a second writer racing the first does after its own check found nothing there
    boolean published = Resizer.publish(target, out -> out.write("second".getBytes()));
    assertTrue(!published, "refused: the name exists");
    assertEquals("first", Files.readString(target));
    assertEquals(inode, Files.getAttribute(target, "unix:ino"), "the same file, not a new one under its name");
    try (Stream<Path> files = Files.list(target.getParent())) {
      assertEquals(1, files.count(), "no temporary file left beside it");
    }
    Path fresh = target.resolveSibling("0001_b.jpg");
    assertTrue(Resizer.publish(fresh, out -> out.write("new".getBytes())));
    assertEquals("new", Files.readString(fresh));
    try (Stream<Path> files = Files.list(target.getParent())) {
      assertEquals(2, files.count(), "the published file alone, its temporary name gone");
    }
  }
}
