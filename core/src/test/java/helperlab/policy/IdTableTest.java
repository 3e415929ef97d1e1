package helperlab.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class IdTableTest {
  @Test
  void agreesWithAHashMapOverManyPutsAndRemoves() {
    IdTable<Integer> table = new IdTable<>();
    Map<Integer, Integer> expected = new HashMap<>();
    Random random = new Random(17);
    for (int step = 0; step < 200_000; step++) {
      // ids from a small range collide often; a few far apart ones, and negatives, too
      int id = random.nextInt(10) == 0 ? random.nextInt() : random.nextInt(3_000) - 100;
      if (id == Integer.MIN_VALUE) {
        continue;
      }
      switch (random.nextInt(3)) {
        case 0 -> {
          table.put(id, step);
          expected.put(id, step);
        }
        case 1 -> assertEquals(expected.remove(id), table.remove(id), "remove " + id);
        default -> assertEquals(expected.get(id), table.get(id), "get " + id);
      }
      assertEquals(expected.size(), table.size());
    }
    for (Map.Entry<Integer, Integer> e : expected.entrySet()) {
      assertEquals(e.getValue(), table.get(e.getKey()));
    }
  }

  @Test
  void aRemovedIdIsGoneAndTheOthersStay() {
    IdTable<String> table = new IdTable<>();
    for (int id = 0; id < 100; id++) {
      table.put(id * 16, "v" + id); // same low bits: long probe runs
    }
    assertEquals("v3", table.remove(48));
    assertNull(table.get(48));
    assertNull(table.remove(48));
    for (int id = 0; id < 100; id++) {
      if (id != 3) {
        assertEquals("v" + id, table.get(id * 16));
      }
    }
  }

  @Test
  void refusesTheOneIdItCannotHoldAndNullValues() {
    IdTable<String> table = new IdTable<>();
    assertThrows(IllegalArgumentException.class, () -> table.put(Integer.MIN_VALUE, "x"));
    assertThrows(IllegalArgumentException.class, () -> table.put(1, null));
  }
}
