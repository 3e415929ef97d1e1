package helperlab.remote;

import helperlab.protocol.CageStatusReport;
import helperlab.protocol.Wire;
import helperlab.protocol.ctl.RunAnswer;
import helperlab.protocol.events.EventLine;
import helperlab.protocol.events.FollowLine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The remote figures, on loopback over real SSH (the embedded server running the real ctl against a
 * real cage): (a) event latency, from the moment the cage stamps an event (the run's start plus the
 * event's t) to the follower's listener hearing it, median and p95 over a one-minute exhibit; (b) the
 * time to fetch that exhibit's whole record with {"op":"run"}, over an open connection and over a
 * fresh one. Usage: RemoteBench [--duration S] [--policy P] [--scenario S] [--seed N].
 */
public final class RemoteBench {
  private RemoteBench() {}

  public static void main(String[] args) throws Exception {
    double duration = 60;
    String policy = "pool-edf-10";
    String scenario = "busy";
    long seed = 1;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--duration" -> duration = Double.parseDouble(args[i + 1]);
        case "--policy" -> policy = args[i + 1];
        case "--scenario" -> scenario = args[i + 1];
        case "--seed" -> seed = Long.parseLong(args[i + 1]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    Path dir = Files.createTempDirectory("helperlab-remote-bench-");
    try (TestCage cage = TestCage.start(Files.createDirectories(dir.resolve("cage")));
        SshTestServer.Login login = SshTestServer.login(dir, false)) {
      SshTestServer server = login.server();
      Path key = login.key();
      Path knownHosts = login.knownHosts();
      SshTransport ssh = new SshTransport(new SshSettings(new SshTarget("bench", "127.0.0.1", server.port()), key,
          knownHosts, null, "helper-lab ctl --data " + SshTestServer.quote(cage.data.toString()), 10_000),
          HostKeyPrompt.REFUSE, CredentialsPrompt.NONE);
      try (CageClient client = new CageClient(ssh)) {
        client.status(); // warm: the first ctl start pays for class loading
        String run = client.exhibit(policy, scenario, seed, duration).run();
        CageStatusReport status = client.status();
        if (!run.equals(status.run().id())) {
          throw new IllegalStateException("the exhibit " + run + " is not the cage's run: " + status.run());
        }
        long startedMs = Instant.parse(status.run().startedAt()).toEpochMilli();
        List<Double> latencies = new ArrayList<>();
        int[] lines = {0};
        CountDownLatch done = new CountDownLatch(1);
        EventFollower follower = new EventFollower(ssh, run, "0-0", new EventFollower.Listener() {
          @Override
          public void line(FollowLine line) {
            long now = System.currentTimeMillis();
            lines[0]++;
            EventLine e = line.event();
            if (e != null) { // samples and the end come under other keys
              latencies.add(now - (startedMs + e.t() * 1000));
            }
          }

          @Override
          public void stopped(ControlException failure) {
            done.countDown();
          }
        }, 100, 2000, 20).start();
        System.out.printf(Locale.ROOT, "following %s (%s on %s, seed %d, %.0f s) over %s%n", run, policy, scenario, seed,
            duration, ssh.describe());
        if (!done.await((long) duration + 300, TimeUnit.SECONDS)) {
          throw new IllegalStateException("the exhibit did not end");
        }
        follower.close();
        double[] ms = latencies.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        if (ms.length == 0) {
          throw new IllegalStateException("the follower heard " + lines[0] + " lines but no event with a time");
        }
        System.out.printf(Locale.ROOT, "(a) event latency, cage stamp -> listener: median %.0f ms, p95 %.0f ms, max %.0f"
            + " ms over %d events (%d stream lines)%n", pct(ms, 50), pct(ms, 95), ms[ms.length - 1], ms.length, lines[0]);

        RunAnswer record = null;
        for (int i = 0; i < 60 && record == null; i++) {
          try {
            record = client.run(run);
          } catch (ControlException e) {
            Thread.sleep(500); // the record is written as the run ends
          }
        }
        if (record == null) {
          throw new IllegalStateException("no record for " + run);
        }
        int bytes = Wire.line(record).length();
        double[] open = new double[5];
        for (int i = 0; i < open.length; i++) {
          long t0 = System.nanoTime();
          client.run(run);
          open[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(open);
        long t0 = System.nanoTime();
        try (CageClient fresh = new CageClient(ssh)) {
          fresh.run(run);
        }
        double freshMs = (System.nanoTime() - t0) / 1e6;
        System.out.printf(Locale.ROOT, "(b) whole record (%d events, %d samples, %.1f MB of JSON): median %.0f ms"
            + " (min %.0f, max %.0f) over an open connection; %.0f ms on a fresh one (SSH login and ctl start"
            + " included)%n", record.record().get("events").size(), record.record().get("samples").get("t")
            .size(), bytes / 1e6, pct(open, 50), open[0], open[open.length - 1], freshMs);
      }
    } finally {
      try (var files = Files.walk(dir)) { // the cage's data, keys and outputs: nothing to keep
        files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  static double pct(double[] sorted, double p) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int i = (int) Math.ceil(p / 100 * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
  }
}
