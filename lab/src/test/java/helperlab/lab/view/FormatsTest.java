package helperlab.lab.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The Live readouts' memory in the unit people read, never raw bytes or E-notation. */
class FormatsTest {
  @Test
  void memoryReadsInMegabytesUnderAGigabyteAndGigabytesFromOne() {
    assertEquals("0 MB", Formats.mb(0));
    assertEquals("700 MB", Formats.mb(700.4));
    assertEquals("1.00 GB", Formats.mb(1024));
    assertEquals("24.00 GB", Formats.mb(24 * 1024));
  }
}
