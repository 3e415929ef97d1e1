package helperlab.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** A run's interference read back from its record, and when a run counts as starved. */
class InterferenceTest {
  @Test
  void theShareTheHostTookAndWhenARunIsStarved() {
    Interference i = new Interference(100, 62, 0.01, 5.5, 2);
    assertEquals(0.38, i.hostTookShare(), 1e-9);
    assertTrue(i.starved());
    assertEquals("the host took 38% of the cage's CPU in this run", i.words());
    assertFalse(new Interference(100, 85, 0, 1, 2).starved(), "15% lost is within what a run may lose");
    assertFalse(new Interference(1, 0, 0, 9, 2).starved(), "one CPU-second wanted is too little to say");
    assertEquals(0, new Interference(0, 0, 0, 0, 2).hostTookShare());
    // through JSON, as a record file carries it
    Interference back = DataFile.JSON.convertValue(DataFile.JSON.valueToTree(i), Interference.class);
    assertEquals(i, back);
    assertTrue(DataFile.JSON.valueToTree(i).get("starved").asBoolean());
    assertNull(Interference.of(null));
  }
}
