package helperlab.cage.image;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sample library: reproducible, log-spaced sizes, a manifest, and the nearest sample by megapixels. */
class SampleLibraryTest {
  @Test
  void theSameSeedMakesTheSameBytes(@TempDir Path a, @TempDir Path b) throws Exception {
    SampleLibrary one = SampleLibrary.generate(a, 3, 0.3, 1.2, 5);
    SampleLibrary two = SampleLibrary.generate(b, 3, 0.3, 1.2, 5);
    assertEquals(one.samples(), two.samples());
    for (SampleLibrary.Sample s : one.samples()) {
      assertArrayEquals(Files.readAllBytes(one.path(s)), Files.readAllBytes(two.path(s)), s.file());
    }
    assertEquals(0.3, one.samples().get(0).megapixels(), 0.01);
    assertEquals(1.2, one.samples().get(2).megapixels(), 0.01);
    assertEquals(0.6, one.samples().get(1).megapixels(), 0.02, "log-spaced: 0.3, 0.6, 1.2");
    SampleLibrary reopened = SampleLibrary.open(a);
    assertEquals(one.samples(), reopened.samples());
    assertEquals("sample-02-1.2mp.jpg", reopened.nearest(5).file());
    assertEquals("sample-00-0.3mp.jpg", reopened.nearest(0.01).file());
    assertEquals("sample-01-0.6mp.jpg", reopened.nearest(0.55).file());
    assertTrue(reopened.samples().stream().allMatch(s -> s.bytes() > 10_000), "photo-like, not flat");
  }

  @Test
  void badArgumentsAndAMissingLibraryAreClearErrors(@TempDir Path dir) {
    assertThrows(IllegalArgumentException.class, () -> SampleLibrary.generate(dir, 0, 0.3, 70, 1));
    assertThrows(IllegalArgumentException.class, () -> SampleLibrary.generate(dir, 3, 5, 1, 1));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SampleLibrary.open(dir));
    assertTrue(e.getMessage().contains("helper-lab cage samples --out"), e.getMessage());
  }
}
