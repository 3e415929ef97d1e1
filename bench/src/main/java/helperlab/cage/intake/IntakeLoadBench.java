package helperlab.cage.intake;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.cage.TestImages;
import helperlab.cage.image.SampleLibrary;
import helperlab.cage.supervisor.CageHarness;
import helperlab.model.DataFile;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The intake under load, for scripts/bench-intake: a real cage (PostgreSQL, Redis, worker processes),
 * {@code requests} POSTs of one-image thumbnail batches from {@code clients} concurrent clients, each
 * sending its next as soon as it has its answer; optionally {@code stalled} connections that stop
 * mid-request for the whole run. Prints requests/s (over the wall time of the load), latency
 * percentiles, the answers by status, and whether every admitted batch met its deadline.
 */
public final class IntakeLoadBench {
  private IntakeLoadBench() {}

  public static void main(String[] args) throws Exception {
    int requests = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
    int clients = args.length > 1 ? Integer.parseInt(args[1]) : 50;
    int stalled = args.length > 2 ? Integer.parseInt(args[2]) : 0;
    Path dir = Files.createTempDirectory("intake-bench");
    try (CageHarness cage = CageHarness.start(dir, Map.of())) {
      CageHarness.copyLibraryInto(cage.inbox());
      List<String> files = TestImages.library().samples().stream().map(SampleLibrary.Sample::file).toList();
      List<Socket> hanging = new ArrayList<>();
      for (int i = 0; i < stalled; i++) {
        Socket s = new Socket("127.0.0.1", cage.intake.port());
        s.getOutputStream().write((i % 2 == 0 ? "POST /batches HTTP/1.1\r\nHost: x\r\nContent-Ty"
            : "POST /batches HTTP/1.1\r\nHost: x\r\nContent-Length: 999\r\n\r\n{\"pre").getBytes(StandardCharsets.US_ASCII));
        hanging.add(s);
      }
      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();
      URI uri = URI.create("http://127.0.0.1:" + cage.intake.port() + "/batches");
      AtomicInteger next = new AtomicInteger();
      ConcurrentLinkedQueue<long[]> results = new ConcurrentLinkedQueue<>(); // {status, nanos, batch}
      CountDownLatch finished = new CountDownLatch(clients);
      long t0 = System.nanoTime();
      for (int c = 0; c < clients; c++) {
        Thread t = new Thread(() -> {
          try {
            int i;
            while ((i = next.getAndIncrement()) < requests) {
              String body = "{\"preset\":\"thumb\",\"images\":[" + DataFile.compact(files.get(i % files.size()))
                  + "],\"deadline_s\":30}";
              long s0 = System.nanoTime();
              HttpResponse<String> r = http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(120))
                  .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
              long took = System.nanoTime() - s0;
              JsonNode j = DataFile.JSON.readTree(r.body());
              results.add(new long[] {r.statusCode(), took, r.statusCode() == 202 ? j.get("batch").asLong() : -1});
            }
          } catch (IOException | InterruptedException e) {
            results.add(new long[] {-1, 0, -1});
          } finally {
            finished.countDown();
          }
        }, "client-" + c);
        t.start();
      }
      finished.await();
      double wall = (System.nanoTime() - t0) / 1e9;
      long[] lat = results.stream().filter(r -> r[0] > 0).mapToLong(r -> r[1]).sorted().toArray();
      Map<Long, Integer> byStatus = new TreeMap<>();
      results.forEach(r -> byStatus.merge(r[0], 1, Integer::sum));
      int met = 0;
      int late = 0;
      for (long[] r : results) {
        if (r[2] >= 0) {
          String state = cage.awaitFinished(r[2], Duration.ofMinutes(10)).get("state").asText();
          if (state.equals("met")) {
            met++;
          } else {
            late++;
          }
        }
      }
      System.out.printf(Locale.ROOT, "%d POSTs from %d clients%s: %.0f requests/s over %.1f s wall%n", requests, clients,
          stalled > 0 ? " beside " + stalled + " stalled connections" : "", results.size() / wall, wall);
      System.out.printf(Locale.ROOT, "latency ms: p50 %.0f, p90 %.0f, p99 %.0f, max %.0f%n", pct(lat, 50), pct(lat, 90),
          pct(lat, 99), lat.length == 0 ? 0 : lat[lat.length - 1] / 1e6);
      System.out.println("answers by status (-1 = no answer): " + byStatus);
      System.out.println("admitted batches: " + met + " met, " + late + " late");
      for (Socket s : hanging) {
        s.close();
      }
    }
  }

  private static double pct(long[] sorted, double p) {
    if (sorted.length == 0) {
      return 0;
    }
    int i = (int) Math.ceil(p / 100 * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, i))] / 1e6;
  }

}
