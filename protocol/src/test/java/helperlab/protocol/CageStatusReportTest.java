package helperlab.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/**
 * The status the cage writes reads back as the same record and writes out as the same bytes: the wire format as the
 * cage wrote it by hand before the record (field names, order, which fields are left out), a live run and an exhibit.
 */
class CageStatusReportTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A live run's status, in the order and with the fields the cage's status has always had. */
  static final String LIVE = "{\"ok\":true,\"pid\":4242,\"data\":\"/var/lib/cage\",\"policy\":\"helper\","
      + "\"admission\":\"edf-fit\",\"run\":{\"id\":\"real-live-helper-20261207T101010-ab12\",\"kind\":\"live\","
      + "\"started_at\":\"2026-12-07T10:10:10Z\",\"t\":12.5,\"interference\":{\"cpu_wanted_s\":4.0,\"cpu_got_s\":2.0,"
      + "\"steal_share\":0.0,\"run_queue_mean\":1.5,\"cpus\":2,\"host_took_s\":2.0,\"front_took_s\":null,"
      + "\"host_took_share\":0.5,\"starved\":true},\"starved\":\"the host took half\"},"
      + "\"budget\":{\"workers\":2,\"by_cpu\":2,\"by_memory\":3,\"reason\":\"cpu\",\"per_worker_mb\":512.0,"
      + "\"capacity_cores\":1.8},\"admission_capacity\":{\"planned_cores\":1.2,\"nominal_cores\":1.8,"
      + "\"calibrated\":true,\"calibration_error\":0.1,\"cpu_share\":0.75,\"share_measured\":false,"
      + "\"previous_run_share\":null,\"window_s\":20.0,\"why\":\"the host's run queue\",\"cold_start\":\"2.0 s\"},"
      + "\"limits\":{\"cpus\":2.0,\"cpus_from\":\"cpu.max\",\"memory_bytes\":2147483648,\"memory_from\":\"memory.max\","
      + "\"cgroup_version\":\"v2\",\"candidates\":[{\"what\":\"cpus\",\"value\":2.0,\"source\":\"cpu.max\"}]},"
      + "\"capped\":true,\"cage\":\"capped by its own cgroup\",\"cpu_share\":1.0,\"max_processes\":8,\"processes\":2,"
      + "\"deferred_spawns\":0,\"workers\":[{\"id\":1,\"pid\":4300,\"phase\":\"busy\",\"task\":3,\"image\":7,"
      + "\"rss_mb\":120.5,\"waits_for_host\":false},{\"id\":2,\"pid\":4301,\"phase\":\"idle\",\"task\":-1,"
      + "\"image\":-1,\"rss_mb\":80.0,\"waits_for_host\":false}],\"queue\":4,\"unfinished_batches\":1,"
      + "\"breaker\":{\"open\":false,\"trips\":0,\"limit\":5,\"window_s\":60.0},\"postgres\":{\"url\":"
      + "\"jdbc:postgresql://127.0.0.1:5432/test\",\"up\":true,\"backlog\":0,\"error\":null,\"checkpointing\":true},"
      + "\"storage\":{\"ok\":true,\"paused\":false,\"pauses\":0,\"last_error\":null,\"places\":[{\"name\":\"outbox\","
      + "\"path\":\"/var/lib/cage/outbox\",\"free_bytes\":1048576,\"free_mb\":1.0}]},\"lease\":{\"state\":\"held\","
      + "\"identity\":\"cage-1\",\"epoch\":3,\"since\":\"2026-12-07T10:00:00Z\",\"why\":\"\"},\"redis\":{\"up\":false,"
      + "\"pending\":12,\"error\":\"refused\",\"stream\":\"helperlab:run:x\",\"streaming\":false,\"catching_up\":true},"
      + "\"cds\":\"on\",\"samples\":\"16 samples\",\"calibration\":\"cage-2026-12-01\",\"calibrated\":true,"
      + "\"calibration_check\":{\"checked\":true,\"doubtful\":false,\"doubts\":[],\"at\":\"2026-12-01T09:00:00Z\"},"
      + "\"watchdog_memory_limit_mb\":1024.0}";

  @Test
  void aLiveRunsStatusReadsBackAndWritesTheSameBytes() throws Exception {
    CageStatusReport r = JSON.readValue(LIVE, CageStatusReport.class);
    assertEquals(LIVE, JSON.writeValueAsString(r));
    assertEquals("live", r.run().kind());
    assertNull(r.run().seed(), "a live run has no exhibit's seed");
    assertEquals(2, r.workers().size());
    assertEquals(7, r.workers().get(0).image());
    assertTrue(r.redis().catchingUp());
  }

  @Test
  void anExhibitsStatusKeepsItsScenarioSeedAndEnd() throws Exception {
    String exhibit = LIVE.replace("\"starved\":\"the host took half\"}",
            "\"starved\":\"the host took half\",\"scenario\":\"steady\",\"seed\":7,\"stops_at_s\":60.0}")
        .replace("\"cold_start\":\"2.0 s\"}", "\"cold_start\":\"2.0 s\",\"exhibit\":\"nominal\"}");
    CageStatusReport r = JSON.readValue(exhibit, CageStatusReport.class);
    assertEquals(exhibit, JSON.writeValueAsString(r));
    assertEquals(7L, r.run().seed());
    assertEquals(60.0, r.run().stopsAtS());
  }

  @Test
  void anOlderCagesStatusReadsWithWhatItLacksEmptyAndWhatItAddsSkipped() throws Exception {
    JsonNode older = JSON.readTree("{\"ok\":true,\"policy\":\"fifo\",\"a_field_from_later\":1,\"run\":{\"id\":\"r\"}}");
    CageStatusReport r = JSON.treeToValue(older, CageStatusReport.class);
    assertEquals("fifo", r.policy());
    assertNull(r.storage(), "no storage: the lab leaves its row out");
    assertTrue(r.workers().isEmpty());
    assertFalse(r.calibrated());
  }
}
