package helperlab.lab.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;

import helperlab.protocol.CageStatusReport;
import helperlab.protocol.Wire;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The lab's status rows say the cage's lease and storage when the cage does, and leave them out when it does not. */
class CageStatusFaultsTest {
  private static String row(CageStatus s, String label) {
    return s.rows().stream().filter(r -> r[0].equals(label)).map(r -> r[1]).findFirst().orElse(null);
  }

  /** A status line as the lab reads one: through the protocol's record. */
  private static CageStatus status(String line) {
    return CageStatus.of(Wire.read(line, CageStatusReport.class));
  }

  @Test
  void leaseAndStorageRows() throws Exception {
    CageStatus held = status(("{\"lease\":{\"state\":\"held\",\"epoch\":3},"
        + "\"storage\":{\"paused\":false,\"places\":[{\"name\":\"outbox\",\"free_mb\":12.34},"
        + "{\"name\":\"data\",\"free_mb\":80000}],\"last_error\":null}}"));
    assertEquals("held (epoch 3)", row(held, "Lease"));
    assertEquals("ok: outbox 12.3 MiB, data 78.1 GiB free", row(held, "Storage"));
    CageStatus oneDisk = status(("{\"storage\":{\"paused\":false,\"places\":["
        + "{\"name\":\"outbox\",\"free_mb\":80000},{\"name\":\"data\",\"free_mb\":80000}]}}"));
    assertEquals("ok, 78.1 GiB free", row(oneDisk, "Storage"), "one disk, one figure");

    CageStatus bad = status(("{\"lease\":{\"state\":\"lost\",\"epoch\":3,\"why\":\"another"
        + " cage took it\"},\"storage\":{\"paused\":true,\"places\":[{\"name\":\"outbox\",\"path\":\"/d/outbox\","
        + "\"free_mb\":0.25},{\"name\":\"data\",\"path\":\"/d\",\"free_mb\":0.25}],"
        + "\"last_error\":{\"errno\":\"ENOSPC\",\"reason\":\"No space left on device\",\"path\":\"/d/outbox/1/a.jpg\"}}}"));
    assertEquals("lost: another cage took it", row(bad, "Lease"));
    assertEquals("paused, work waits: ENOSPC at outbox (0.3 MiB free)", row(bad, "Storage"), "the place that failed");

    CageStatus older = status(("{}"));
    assertEquals(List.of(), older.rows().stream().filter(r -> r[0].equals("Lease") || r[0].equals("Storage")).toList(),
        "a cage that does not say gets no rows for them");
  }
}
