package helperlab.cage.supervisor;

import helperlab.cage.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** What the run records say of the images a cage published: each done image has its {@code image_done}, once. */
final class DoneRecords {
  private DoneRecords() {}

  /**
   * The done images whose {@code image_done} events, over every live run's stored events, are not exactly one, as
   * "image 12: 0" (none) or "image 12: 2" (twice); empty when the records are as exact as the outputs.
   */
  static List<String> notExactlyOnce(TestDatabase db) throws Exception {
    List<String> out = new ArrayList<>();
    try (Connection c = db.connect(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("select i.id, (select count(*) from run_events e join runs r on r.id = e.run_id"
            + " where r.kind = 'live' and e.type = 'image_done' and e.image = i.id) n from images i"
            + " where i.state = 'done' order by i.id")) {
      while (rs.next()) {
        if (rs.getLong(2) != 1) {
          out.add("image " + rs.getLong(1) + ": " + rs.getLong(2));
        }
      }
    }
    return out;
  }
}
