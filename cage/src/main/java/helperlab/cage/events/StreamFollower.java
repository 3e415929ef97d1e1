package helperlab.cage.events;

import helperlab.cage.events.EventStream.Entry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.XReadParams;
import redis.clients.jedis.resps.StreamEntry;

/** A viewer's side of a run's stream: read from an id on, followed across Redis outages to its end. */
final class StreamFollower {
  private StreamFollower() {}

  /**
   * Reads a run's stream from after {@code fromId} ("0" for the start), blocking up to {@code blockMs}
   * for new entries; returns what came (maybe nothing).
   */
  static List<Entry> read(Jedis j, String key, String fromId, int blockMs, int count) {
    List<Map.Entry<String, List<StreamEntry>>> got = j.xread(XReadParams.xReadParams().block(blockMs).count(count),
        Map.of(key, new StreamEntryID(fromId.contains("-") ? fromId : fromId + "-0")));
    List<Entry> out = new ArrayList<>();
    if (got != null) {
      for (Map.Entry<String, List<StreamEntry>> e : got) {
        for (StreamEntry s : e.getValue()) {
          out.add(new Entry(s.getID().toString(), s.getFields().get(EventStream.TYPE_FIELD), s.getFields().get(EventStream.JSON_FIELD)));
        }
      }
    }
    return out;
  }

  static void follow(EventStream stream, String run, String fromId, Predicate<Entry> sink, BooleanSupplier stop)
      throws InterruptedException {
    String last = fromId == null || fromId.isBlank() ? "0-0" : fromId;
    Jedis j = null;
    try {
      while (!stop.getAsBoolean()) {
        try {
          if (j == null) {
            j = stream.connect();
          }
          for (Entry e : read(j, stream.key(run), last, 1000, 500)) {
            last = e.id();
            if (!sink.test(e) || EventStream.END.equals(e.type())) {
              return;
            }
          }
        } catch (JedisException e) {
          if (j != null) {
            j.close();
            j = null;
          }
          Thread.sleep(500);
        }
      }
    } finally {
      if (j != null) {
        j.close();
      }
    }
  }
}
