package helperlab.cage.events;

import java.util.List;
import java.util.Map;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.StreamEntryID;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.XAddParams;
import redis.clients.jedis.resps.StreamEntry;

/** The stream of a run cut short by a crash, closed from its durable copy (see {@link EventStream#closeInterrupted}). */
final class InterruptedStream {
  private InterruptedStream() {}

  static int close(EventStream stream, String run, long startedMs, List<String[]> durable, String endJson) {
    try (Jedis j = stream.connect()) {
      String key = stream.key(run);
      int last = EventStream.lastSeq(j, key);
      if (last > 0 && EventStream.END.equals(lastType(j, key))) {
        return 0;
      }
      int written = 0;
      Pipeline p = j.pipelined();
      for (int i = last; i < durable.size(); i++) {
        p.xadd(key, XAddParams.xAddParams().id(new StreamEntryID(i + 1, 0)),
            Map.of(EventStream.TYPE_FIELD, durable.get(i)[0], EventStream.JSON_FIELD, durable.get(i)[1]));
        written++;
      }
      p.xadd(key, XAddParams.xAddParams().id(new StreamEntryID(Math.max(last, durable.size()) + 1, 0)),
          Map.of(EventStream.TYPE_FIELD, EventStream.END, EventStream.JSON_FIELD, endJson));
      p.zadd(stream.runsKey(), startedMs, run);
      p.sync();
      return written + 1;
    } catch (JedisException e) {
      return -1;
    }
  }

  private static String lastType(Jedis j, String key) {
    List<StreamEntry> last = j.xrevrange(key, StreamEntryID.MAXIMUM_ID, StreamEntryID.MINIMUM_ID, 1);
    return last.isEmpty() ? null : last.get(0).getFields().get(EventStream.TYPE_FIELD);
  }
}
