package helperlab.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.protocol.ctl.ExhibitEnded;
import helperlab.protocol.ctl.PolicySwitched;
import helperlab.protocol.ctl.PressAnswer;
import helperlab.protocol.ctl.Reply;
import helperlab.protocol.ctl.RunAnswer;
import helperlab.protocol.ctl.RunList;
import helperlab.protocol.events.FollowLine;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Lines a real cage wrote before these records existed (captured from {@code CtlTest}'s cage, its answers written by
 * hand then: an exhibit waited for, the runs, a followed run's events, samples and end, a press, a policy switched, a
 * refusal, a record) read as the records, which write them back byte for byte: an older cage is read, and a newer one
 * writes what older labs read.
 */
class CageLinesTest {
  private static final Map<String, Class<?>> KINDS = Map.of("exhibit-ended", ExhibitEnded.class, "run-list",
      RunList.class, "follow", FollowLine.class, "press", PressAnswer.class, "set-policy", PolicySwitched.class,
      "error", Reply.class, "run", RunAnswer.class);

  private static List<String[]> lines() throws Exception {
    List<String[]> out = new ArrayList<>();
    try (BufferedReader in = new BufferedReader(new InputStreamReader(
        CageLinesTest.class.getResourceAsStream("cage-lines.txt"), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        int space = line.indexOf(' ');
        out.add(new String[] {line.substring(0, space), line.substring(space + 1)});
      }
    }
    return out;
  }

  @Test
  void everyCapturedLineReadsAsItsRecordAndWritesTheSameBytes() throws Exception {
    List<String[]> lines = lines();
    assertEquals(11, lines.size());
    for (String[] l : lines) {
      Object read = Wire.read(l[1], KINDS.get(l[0]));
      assertEquals(l[1], Wire.line(read), l[0]);
      assertEquals(read, Wire.read(Wire.line(read), KINDS.get(l[0])), l[0]);
    }
  }

  @Test
  void theFollowedRunsLinesCarryTheirKindsPayload() throws Exception {
    List<FollowLine> follow = new ArrayList<>();
    for (String[] l : lines()) {
      if (l[0].equals("follow")) {
        follow.add(Wire.read(l[1], FollowLine.class));
      }
    }
    assertEquals("submitted", follow.get(0).event().type());
    assertEquals(0, follow.get(0).event().task());
    assertEquals(58, follow.get(1).sample().queue());
    assertEquals("task_met", follow.get(2).type());
    assertTrue(follow.get(2).event().value() < 0, "met with time to spare");
    assertEquals("end-of-run", follow.get(3).event().note());
    FollowLine end = follow.get(4);
    assertTrue(end.isEnd());
    assertEquals(end.run(), end.end().run());
    assertEquals(1, end.end().metrics().path("met").asInt()); // the model's metrics, which own their fields
    assertFalse(end.isHeartbeat());
  }
}
