package helperlab.cage.events;

import java.net.URI;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;

/** Where Redis is and how to log in to it, from a {@code redis://} or {@code rediss://} URL. */
final class RedisAddress {
  private final URI uri;
  private final JedisClientConfig clientConfig;

  RedisAddress(URI uri) {
    this.uri = uri;
    this.clientConfig = clientConfig(uri);
  }

  Jedis connect() {
    int port = uri.getPort() > 0 ? uri.getPort() : 6379;
    return new Jedis(new HostAndPort(uri.getHost(), port), clientConfig);
  }

  static JedisClientConfig clientConfig(URI uri) {
    DefaultJedisClientConfig.Builder b = DefaultJedisClientConfig.builder().connectionTimeoutMillis(2000)
        .socketTimeoutMillis(5000).ssl("rediss".equals(uri.getScheme()));
    String info = uri.getUserInfo();
    if (info != null && !info.isEmpty()) {
      int colon = info.indexOf(':');
      if (colon >= 0) {
        if (colon > 0) {
          b.user(info.substring(0, colon));
        }
        b.password(info.substring(colon + 1));
      } else {
        b.password(info);
      }
    }
    String path = uri.getPath();
    if (path != null && path.length() > 1) {
      b.database(Integer.parseInt(path.substring(1)));
    }
    return b.build();
  }
}
