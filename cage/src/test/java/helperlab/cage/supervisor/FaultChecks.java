package helperlab.cage.supervisor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import helperlab.cage.TestDatabase;
import java.nio.file.Path;
import java.util.List;

/** What every fault case ends with: nothing lost, nothing done twice, nothing published twice. */
final class FaultChecks {
  private FaultChecks() {}

  /**
   * {@code images} images done in the store, each with exactly one {@code image_done} in the run records, one output
   * each in {@code outbox} and no temporary file, no output written twice, no dead letter.
   */
  static void nothingLostNorTwice(TestDatabase db, Path outbox, int images, OutputWatch watch) throws Exception {
    assertEquals(images, db.count("select count(*) from images where state = 'done'"), "every image done, in the store");
    assertEquals(List.of(), DoneRecords.notExactlyOnce(db), "each done image has one image_done in the records");
    assertEquals(0, db.count("select count(*) from dead_letters"), "no dead letter");
    assertEquals(images, OutputWatch.outputs(outbox).size(), "one output per image");
    assertEquals(List.of(), OutputWatch.temps(outbox), "no temporary file left");
    assertEquals(0, watch.replaced(), "no output written twice");
  }
}
