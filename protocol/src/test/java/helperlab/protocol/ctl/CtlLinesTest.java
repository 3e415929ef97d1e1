package helperlab.protocol.ctl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.protocol.Wire;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each ctl request and answer writes, reads back equal, and writes the bytes written by hand before the records: the
 * lab's requests as {@code CageClient} built them (op first), the cage's answers in the order it put their fields.
 */
class CtlLinesTest {
  private static <T> T roundTrip(T message, Class<? super T> as, String bytes) {
    String line = Wire.line(message);
    assertEquals(bytes, line);
    Object back = Wire.read(line, as);
    assertEquals(message, back);
    @SuppressWarnings("unchecked")
    T t = (T) back;
    return t;
  }

  @Test
  void everyRequestAsTheLabWroteIt() {
    roundTrip(new CtlRequest.Status(), CtlRequest.class, "{\"op\":\"status\"}");
    roundTrip(new CtlRequest.SetPolicy("pool-fifo-1"), CtlRequest.class,
        "{\"op\":\"set-policy\",\"policy\":\"pool-fifo-1\"}");
    roundTrip(new CtlRequest.Press("calm", null), CtlRequest.class, "{\"op\":\"press\",\"scenario\":\"calm\"}");
    roundTrip(new CtlRequest.Press("calm", 7L), CtlRequest.class, "{\"op\":\"press\",\"scenario\":\"calm\",\"seed\":7}");
    roundTrip(CtlRequest.Exhibit.started("pool-edf-10", "calm", 3, 8, null), CtlRequest.class,
        "{\"op\":\"exhibit\",\"policy\":\"pool-edf-10\",\"scenario\":\"calm\",\"seed\":3,\"duration_s\":8.0}");
    var trigger = Wire.JSON.createObjectNode().put("kind", "spike").put("at_s", 40.0);
    CtlRequest.Exhibit waited = roundTrip(new CtlRequest.Exhibit("box", "calm", 3L, 8.0, 30.0, 0.9, trigger, true),
        CtlRequest.class, "{\"op\":\"exhibit\",\"policy\":\"box\",\"scenario\":\"calm\",\"seed\":3,\"duration_s\":8.0,"
            + "\"grace_s\":30.0,\"offered_load\":0.9,\"trigger\":{\"kind\":\"spike\",\"at_s\":40.0},\"wait\":true}");
    assertTrue(waited.waits());
    roundTrip(new CtlRequest.Follow("0-0", "r1"), CtlRequest.class, "{\"op\":\"follow\",\"from\":\"0-0\",\"run\":\"r1\"}");
    roundTrip(new CtlRequest.Follow("12-0", null), CtlRequest.class, "{\"op\":\"follow\",\"from\":\"12-0\"}");
    roundTrip(new CtlRequest.Runs(), CtlRequest.class, "{\"op\":\"runs\"}");
    roundTrip(new CtlRequest.Run("r1"), CtlRequest.class, "{\"op\":\"run\",\"id\":\"r1\"}");
    roundTrip(new CtlRequest.Calibrate(true, false), CtlRequest.class,
        "{\"op\":\"calibrate\",\"quick\":true,\"force\":false}");
    assertEquals("set-policy", new CtlRequest.SetPolicy("x").op());
  }

  @Test
  void aRequestTypedByHandReadsWithWhatItLeavesOutNull() {
    CtlRequest r = Wire.read("{\"op\":\"exhibit\",\"policy\":\"box\",\"duration_s\":8,\"wait\":true,\"later\":1}",
        CtlRequest.class);
    CtlRequest.Exhibit e = (CtlRequest.Exhibit) r;
    assertEquals(8.0, e.durationS());
    assertNull(e.scenario());
    assertTrue(e.waits());
    assertFalse(((CtlRequest.Exhibit) Wire.read("{\"op\":\"exhibit\"}", CtlRequest.class)).waits());
  }

  @Test
  void refusalsAndTheEnvelopeEveryAnswerHas() {
    roundTrip(Reply.refused("no run 'x'"), Reply.class, "{\"ok\":false,\"error\":\"no run 'x'\"}");
    Reply any = Wire.read("{\"ok\":true,\"type\":\"progress\",\"line\":\"step 1\"}", Reply.class);
    assertTrue(any.succeeded());
    assertEquals("progress", any.type());
    assertNull(Wire.read("{\"hello\":1}", Reply.class).ok(), "not a cage reply");
  }

  @Test
  void theSwitchAndTheButton() {
    roundTrip(new PolicySwitched(true, "pool-fifo-1", "pool-edf-10"), PolicySwitched.class,
        "{\"ok\":true,\"policy\":\"pool-fifo-1\",\"was\":\"pool-edf-10\"}");
    roundTrip(PressAnswer.admitted(3, "archive", 10, "2026-12-07T22:50:42Z"), PressAnswer.class,
        "{\"ok\":true,\"admitted\":true,\"batch\":3,\"preset\":\"archive\",\"images\":10,"
            + "\"deadline\":\"2026-12-07T22:50:42Z\"}");
    roundTrip(PressAnswer.refused(4, "web", 2, "2026-12-07T22:50:42Z", "too busy", 1.5), PressAnswer.class,
        "{\"ok\":true,\"admitted\":false,\"batch\":4,\"preset\":\"web\",\"images\":2,"
            + "\"deadline\":\"2026-12-07T22:50:42Z\",\"reason\":\"too busy\",\"retry_after_s\":1.5}");
    roundTrip(PressAnswer.unavailable("PostgreSQL is away", 2.0), PressAnswer.class,
        "{\"ok\":false,\"error\":\"PostgreSQL is away\",\"retry_after_s\":2.0}");
  }

  @Test
  void anExhibitStartedAndEnded() {
    var calibration = Wire.JSON.createObjectNode().put("name", "seed-server");
    var played = Wire.JSON.createArrayNode().add(Wire.JSON.createObjectNode().put("id", 0));
    // the fields in the order Exhibit.startedAnswer put them, trigger and probe left out when none
    roundTrip(new ExhibitStarted(true, "r", "box", "calm", 1.0, 3, 4, 8.0, 38.0, null, calibration, played, null),
        ExhibitStarted.class, "{\"ok\":true,\"run\":\"r\",\"policy\":\"box\",\"scenario\":\"calm\",\"offered_load\":1.0,"
            + "\"seed\":3,\"tasks\":4,\"duration_s\":8.0,\"stops_by_s\":38.0,\"calibration\":{\"name\":\"seed-server\"},"
            + "\"played\":[{\"id\":0}]}");
    var trigger = Wire.JSON.createObjectNode().put("kind", "spike");
    roundTrip(new ExhibitStarted(true, "r", "box", "calm", 1.0, 3, 4, 8.0, 38.0, trigger, calibration, played, 90.5),
        ExhibitStarted.class, "{\"ok\":true,\"run\":\"r\",\"policy\":\"box\",\"scenario\":\"calm\",\"offered_load\":1.0,"
            + "\"seed\":3,\"tasks\":4,\"duration_s\":8.0,\"stops_by_s\":38.0,\"trigger\":{\"kind\":\"spike\"},"
            + "\"calibration\":{\"name\":\"seed-server\"},\"played\":[{\"id\":0}],\"speed_probe_ms\":90.5}");
    var metrics = Wire.JSON.createObjectNode().put("met", 1);
    var recovery = Wire.JSON.createObjectNode().put("recovered", true);
    roundTrip(new ExhibitEnded(true, "r", metrics, trigger, recovery), ExhibitEnded.class,
        "{\"ok\":true,\"run\":\"r\",\"metrics\":{\"met\":1},\"trigger\":{\"kind\":\"spike\"},"
            + "\"recovery\":{\"recovered\":true}}");
  }

  @Test
  void theRunsAndARecord() {
    roundTrip(new RunList(true, List.of(new RunList.Row("r2", "live", "box", "live", 0, "running", "t2", null),
        new RunList.Row("r1", "exhibit", "box", "calm", 3, "finished", "t0", "t1"))), RunList.class,
        "{\"ok\":true,\"runs\":[{\"id\":\"r2\",\"kind\":\"live\",\"policy\":\"box\",\"scenario\":\"live\",\"seed\":0,"
            + "\"state\":\"running\",\"started_at\":\"t2\"},{\"id\":\"r1\",\"kind\":\"exhibit\",\"policy\":\"box\","
            + "\"scenario\":\"calm\",\"seed\":3,\"state\":\"finished\",\"started_at\":\"t0\",\"ended_at\":\"t1\"}]}");
    roundTrip(new RunAnswer(true, Wire.JSON.createObjectNode().put("id", "r1")), RunAnswer.class,
        "{\"ok\":true,\"record\":{\"id\":\"r1\"}}");
  }

  @Test
  void aCalibrationsLinesInTheOrderTheCageWroteThem() {
    CalibrationLine.Progress p = roundTrip(CalibrationLine.Progress.of("step 1"), CalibrationLine.Progress.class,
        "{\"ok\":true,\"type\":\"progress\",\"line\":\"step 1\"}");
    assertTrue(p.isProgress());
    roundTrip(new CalibrationLine.Done(true, "done", false, List.of(), "in place", "cage-1", true, "/c.json", 12.5),
        CalibrationLine.Done.class, "{\"ok\":true,\"type\":\"done\",\"doubtful\":false,\"doubts\":[],"
            + "\"message\":\"in place\",\"calibration\":\"cage-1\",\"calibrated\":true,\"file\":\"/c.json\","
            + "\"seconds\":12.5}");
    roundTrip(CalibrationLine.Refused.of("kept aside", "/x/calibration.json", List.of("noisy")),
        CalibrationLine.Refused.class, "{\"ok\":false,\"error\":\"kept aside\",\"type\":\"done\",\"refused\":true,"
            + "\"file\":\"/x/calibration.json\",\"doubts\":[\"noisy\"]}");
  }
}
