package helperlab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.DataFile;
import org.junit.jupiter.api.Test;

/** Which answer line belongs to which request, and how long the link may be silent before each. */
class AwaitedAnswersTest {
  private static void answer(AwaitedAnswers a, String json) throws Exception {
    a.answered(DataFile.JSON.readTree(json));
  }

  @Test
  void aFollowOwesLinesUntilItsEndAndIsStalledAfterTheStallLimit() throws Exception {
    AwaitedAnswers a = new AwaitedAnswers(7_000);
    assertEquals(AwaitedAnswers.UNLIMITED, a.limitMs(), "nothing asked, someone may still type");
    a.sent("{\"op\":\"status\"}");
    a.sent("{\"op\":\"follow\",\"run\":\"r1\"}");
    assertEquals(AwaitedAnswers.ANSWER_MS, a.limitMs(), "the status answer first");
    answer(a, "{\"ok\":true,\"policy\":\"box\"}");
    assertEquals(AwaitedAnswers.FIRST_LINE_MS, a.limitMs(), "a stream's first line: the server's ctl may be starting");
    answer(a, "{\"ok\":true,\"run\":\"r1\",\"id\":\"1-0\",\"type\":\"sample\"}");
    assertEquals(7_000, a.limitMs(), "then the stall limit between lines");
    answer(a, "{\"ok\":true,\"run\":\"r1\",\"type\":\"heartbeat\"}");
    assertEquals(7_000, a.limitMs());
    assertTrue(a.waitingFor().equals("following run r1 (last id 1-0)"), a.waitingFor());
    assertEquals("follow again with {\"op\":\"follow\",\"from\":\"1-0\",\"run\":\"r1\"} to resume where it broke",
        a.advice());
    a.inputEnded();
    assertFalse(a.allAnswered(), "the follow is still owed its end");
    answer(a, "{\"ok\":true,\"run\":\"r1\",\"id\":\"2-0\",\"type\":\"end\"}");
    assertTrue(a.allAnswered());
    assertEquals(AwaitedAnswers.FIRST_LINE_MS, a.limitMs(), "the server's ctl has a while to close");
  }

  @Test
  void aRefusedFollowAndACalibrationAndAWaitedExhibitEachEndTheirAnswer() throws Exception {
    AwaitedAnswers a = new AwaitedAnswers(30_000);
    a.sent("{\"op\":\"follow\",\"run\":\"nope\"}");
    a.sent("{\"op\":\"calibrate\",\"quick\":true}");
    a.sent("{\"op\":\"exhibit\",\"policy\":\"box\",\"duration_s\":100,\"grace_s\":20,\"wait\":true}");
    a.sent("not json");
    a.inputEnded();
    answer(a, "{\"ok\":false,\"error\":\"no run 'nope'\"}");
    assertEquals(AwaitedAnswers.CALIBRATION_LINE_MS, a.limitMs());
    answer(a, "{\"ok\":true,\"type\":\"progress\",\"line\":\"warm-up\"}");
    assertEquals(AwaitedAnswers.CALIBRATION_LINE_MS, a.limitMs());
    answer(a, "{\"ok\":true,\"type\":\"done\"}");
    assertEquals(120_000 + AwaitedAnswers.EXHIBIT_WAIT_MARGIN_MS + AwaitedAnswers.FIRST_LINE_MS, a.limitMs(),
        "a waited exhibit answers when it ends");
    assertEquals("waiting for the answer to exhibit", a.waitingFor());
    answer(a, "{\"ok\":true,\"run\":\"r2\"}");
    answer(a, "{\"ok\":false,\"error\":\"malformed JSON\"}");
    assertTrue(a.allAnswered());
  }

  @Test
  void aRequestsFirstLineIsOwedFromWhenItWasSent() throws Exception {
    AwaitedAnswers a = new AwaitedAnswers(5_000);
    long longAgo = System.nanoTime() - 3_600_000_000_000L; // the last line an hour ago
    assertEquals(Long.MAX_VALUE, a.deadlineNanos(longAgo), "nothing owed: no deadline");
    long before = System.nanoTime();
    a.sent("{\"op\":\"status\"}");
    long deadline = a.deadlineNanos(longAgo);
    assertTrue(deadline >= before + AwaitedAnswers.ANSWER_MS * 1_000_000L, "not an hour late already");
  }
}
