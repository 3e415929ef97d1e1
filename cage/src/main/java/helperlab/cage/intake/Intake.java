package helperlab.cage.intake;

import helperlab.cage.config.CageConfig;
import helperlab.cage.supervisor.Supervisor;
import java.io.IOException;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.DoSHandler;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The intake: HTTP on loopback (by default), served by Jetty so that clients that stall mid-request
 * cannot take it down (see {@link IntakeLimits}). {@code POST /batches} (JSON: preset, deadline or
 * deadline_s, images as paths inside the inbox) answers 202 with the batch id, 429 with Retry-After
 * when admission refuses, 4xx with a reason for bad input, 503 while it cannot take work;
 * {@code GET /batches/{id}} gives the batch's state and each image's; {@code GET /health} says it
 * answers. A handler that fails answers 500 and the intake keeps serving.
 */
public final class Intake implements AutoCloseable {
  /** Bodies larger than this are refused. */
  static final int MAX_BODY = 1 << 20;

  private final Server server;
  private final ServerConnector connector;

  public Intake(Supervisor supervisor) throws IOException {
    this(supervisor, IntakeLimits.DEFAULT);
  }

  public Intake(Supervisor supervisor, IntakeLimits limits) throws IOException {
    CageConfig c = supervisor.config();
    BatchValidator validator = new BatchValidator(c.inbox(), supervisor.presets(), supervisor.calibration(),
        c.intake().maxBatchImages(), c.intake().maxPixels());
    QueuedThreadPool threads = new QueuedThreadPool(limits.threads(), 4);
    threads.setName("intake");
    threads.setDaemon(true);
    server = new Server(threads);
    HttpConfiguration http = new HttpConfiguration();
    http.setSendServerVersion(false);
    http.setRequestHeaderSize(16 * 1024);
    connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(http));
    connector.setHost(c.intake().bind());
    connector.setPort(c.intake().port());
    connector.setIdleTimeout(limits.idleTimeout().toMillis());
    server.addConnector(connector);
    NetworkConnectionLimit connections = new NetworkConnectionLimit(limits.maxConnections(), server);
    // At the limit, connections that say nothing make room sooner.
    connections.setEndPointIdleTimeout(Math.max(1000, limits.idleTimeout().toMillis() / 4));
    server.addBean(connections);
    DoSHandler perClient = new DoSHandler(new IntakeHandler(supervisor, validator),
        DoSHandler.ID_FROM_REMOTE_ADDRESS,
        new DoSHandler.LeakingBucketTrackerFactory(limits.requestsPerSecondPerClient()),
        IntakeHandler::tooManyRequests, 10_000);
    server.setHandler(perClient);
    try {
      server.start();
    } catch (Exception e) {
      try {
        server.stop();
      } catch (Exception ignored) {
        // it did not start
      }
      throw new IOException("the intake cannot listen on " + c.intake().bind() + ":" + c.intake().port() + ": "
          + e.getMessage(), e);
    }
  }

  public int port() {
    return connector.getLocalPort();
  }

  @Override
  public void close() {
    try {
      server.stop();
    } catch (Exception e) {
      // stopping anyway: the connector is closed first
    }
  }
}
