package helperlab.lab.viewmodel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class NoticesTest {
  @Test
  void aLaterSuccessOfTheSameWorkClearsItsErrorFromBannerAndStatus() {
    Notices n = new Notices();
    n.error("Cannot open sweep output: docs/x/runs.jsonl: no such file");
    assertNotNull(n.bannerProperty().get());
    n.succeeded("Cannot export");
    assertNotNull(n.bannerProperty().get(), "another kind of work succeeding leaves the error");
    n.succeeded("Cannot open sweep output");
    assertNull(n.bannerProperty().get());
    assertNull(n.latestProperty().get(), "the status line no longer shows the old error");
  }

  @Test
  void dismissingTheBannerAlsoClearsTheStatusLineShowingIt() {
    Notices n = new Notices();
    n.error("Cannot export: no file name given");
    n.dismissBanner();
    assertNull(n.bannerProperty().get());
    assertNull(n.latestProperty().get());
    assertEquals(1, n.all().size(), "the message stays in Help → Messages");
  }

  @Test
  void aNoteOfSuccessClearsTheBanner() {
    Notices n = new Notices();
    n.error("Cannot export: no file name given");
    n.info("Exported Workers to /tmp/w.png");
    assertNull(n.bannerProperty().get());
    assertEquals("Exported Workers to /tmp/w.png", n.latestProperty().get().text());
  }

  @Test
  void numbersHaveNoNegativeZero() {
    assertEquals("0", Numbers.fixed(-0.4, 0));
    assertEquals("0.00", Numbers.fixed(-0.004, 2));
    assertEquals("-3", Numbers.fixed(-3, 0));
    assertEquals("0", new Difference("lateness p99", 1.171, 1.168, false, "s").deltaText());
    assertEquals("−0.10 s", new Difference("lateness p99", 1.2, 1.1, false, "s").deltaText());
  }

  @Test
  void aDifferenceOfSharesIsInPoints() {
    Difference met = new Difference("met share", 50, 41.67, false, "%");
    assertEquals("50.00 %", met.aText());
    assertEquals("−8.33 pts", met.deltaText(), "points of the share, not 8.33 % of A's");
  }
}
