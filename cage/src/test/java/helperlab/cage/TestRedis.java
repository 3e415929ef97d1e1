package helperlab.cage;

import java.net.URI;
import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/** A Redis key prefix of its own for one test class, its keys deleted afterwards. */
public final class TestRedis implements AutoCloseable {
  public static final String URL = System.getenv().getOrDefault("HELPERLAB_TEST_REDIS", "redis://127.0.0.1:6379");

  public final String url;
  public final String prefix;

  public TestRedis() {
    this(URL);
  }

  public TestRedis(String url) {
    this.url = url;
    this.prefix = "helperlab-test-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
  }

  public Jedis connect() {
    URI u = URI.create(url);
    return new Jedis(u.getHost(), u.getPort() > 0 ? u.getPort() : 6379);
  }

  @Override
  public void close() {
    try {
      dropKeys(url, prefix);
    } catch (RuntimeException e) {
      // a private Redis that is already gone has nothing to clean
    }
  }

  /** Deletes every key under {@code prefix:} in the Redis at {@code url}. */
  public static void dropKeys(String url, String prefix) {
    URI u = URI.create(url);
    try (Jedis j = new Jedis(u.getHost(), u.getPort() > 0 ? u.getPort() : 6379)) {
      String cursor = ScanParams.SCAN_POINTER_START;
      do {
        ScanResult<String> r = j.scan(cursor, new ScanParams().match(prefix + ":*").count(500));
        if (!r.getResult().isEmpty()) {
          j.del(r.getResult().toArray(String[]::new));
        }
        cursor = r.getCursor();
      } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
    }
  }
}
