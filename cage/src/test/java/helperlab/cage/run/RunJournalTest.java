package helperlab.cage.run;


import static org.junit.jupiter.api.Assertions.assertEquals;

import helperlab.model.DataFile;
import helperlab.model.EventType;
import helperlab.model.RunEvent;
import org.junit.jupiter.api.Test;

/** The stream's hand-written event JSON reads back as the same event Jackson would write. */
class RunJournalTest {
  @Test
  void theStreamsEventJsonIsTheRunEventsJson() {
    for (RunEvent e : new RunEvent[] {
        new RunEvent(1.25, EventType.IMAGE_DONE, 3, 7, 1234, 0.5, null),
        new RunEvent(0, EventType.WORKER_KILLED, 0, -1, -1, 1e-7, "failed: \"bad\" \\ data\n"),
        new RunEvent(12345.678901, EventType.REFUSED, -1, 2, -1, -1, "the earliest-deadline schedule")}) {
      String json = RunJournal.json(e);
      assertEquals(e, DataFile.parse(json, "event", RunEvent.class));
      assertEquals(DataFile.JSON.valueToTree(e), DataFile.parse(json, "event", com.fasterxml.jackson.databind.JsonNode.class));
    }
  }
}
