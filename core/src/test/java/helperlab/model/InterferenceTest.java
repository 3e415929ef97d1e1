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

  @Test
  void aRunThatToldTheHostFromItsFrontIsJudgedOnTheHostsShareAndReadsBackWhole() throws Exception {
    // 30% lacked: 8 points to the host's others, 22 to the cage's own front
    Interference i = new Interference(100, 70, 0, 2, 2, 8.0, 22.0);
    assertEquals(0.08, i.hostTookShare(), 1e-9);
    assertEquals(0.30, i.lackedShare(), 1e-9);
    assertFalse(i.starved(), "the front's 22% is the service's own cost");
    assertEquals("the host took 8% of the cage's CPU in this run; its own front (supervisor, database, Redis) took 22%",
        i.words());
    var json = DataFile.JSON.valueToTree(i);
    assertEquals(i, DataFile.JSON.convertValue(json, Interference.class));
    assertEquals(i, Interference.ofJson(json));
    // a record from before the front was measured: no fields for it, and the whole lack is the host's
    var old = DataFile.JSON.readTree("{\"cpu_wanted_s\":100,\"cpu_got_s\":70,\"steal_share\":0,\"run_queue_mean\":2,\"cpus\":2}");
    Interference before = Interference.ofJson(old);
    assertEquals(0.30, before.hostTookShare(), 1e-9);
    assertTrue(before.starved());
    assertEquals(before, DataFile.JSON.convertValue(old, Interference.class));
    assertFalse(DataFile.JSON.valueToTree(before).has("front_took_s"), "an old record written back gains no empty fields");
  }
}
