package helperlab.lab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import helperlab.model.DataFile;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The lab's status rows say the cage's lease and storage when the cage does, and leave them out when it does not. */
class CageStatusFaultsTest {
  private static String row(CageStatus s, String label) {
    return s.rows().stream().filter(r -> r[0].equals(label)).map(r -> r[1]).findFirst().orElse(null);
  }

  @Test
  void leaseAndStorageRows() throws Exception {
    CageStatus held = CageStatus.of(DataFile.JSON.readTree("{\"lease\":{\"state\":\"held\",\"epoch\":3},"
        + "\"storage\":{\"paused\":false,\"places\":[{\"name\":\"outbox\",\"free_mb\":12.34}],\"last_error\":null}}"));
    assertEquals("held (epoch 3)", row(held, "Lease"));
    assertEquals("ok: outbox 12.3 MiB free", row(held, "Storage"));

    CageStatus bad = CageStatus.of(DataFile.JSON.readTree("{\"lease\":{\"state\":\"lost\",\"epoch\":3,\"why\":\"another"
        + " cage took it\"},\"storage\":{\"paused\":true,\"places\":[{\"name\":\"outbox\",\"free_mb\":0.0}],"
        + "\"last_error\":{\"errno\":\"ENOSPC\",\"reason\":\"No space left on device\",\"path\":\"/d/outbox/1/a.jpg\"}}}"));
    assertEquals("lost: another cage took it", row(bad, "Lease"));
    assertTrue(row(bad, "Storage").startsWith("paused, work waits: No space left on device (ENOSPC) at /d/outbox/1/a.jpg"),
        row(bad, "Storage"));

    CageStatus older = CageStatus.of(DataFile.JSON.readTree("{}"));
    assertEquals(List.of(), older.rows().stream().filter(r -> r[0].equals("Lease") || r[0].equals("Storage")).toList(),
        "a cage that does not say gets no rows for them");
  }
}
