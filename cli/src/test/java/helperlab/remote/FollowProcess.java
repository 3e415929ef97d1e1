package helperlab.remote;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.model.DataFile;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * {@code helper-lab ctl ...} of this build as a running process (no terminal) whose stdout lines are read as
 * they come, so a test can cut its link in the middle of a stream: its requests are written and stdin closed,
 * as {@code echo ... | helper-lab ctl} does.
 */
final class FollowProcess implements AutoCloseable {
  final Process process;
  final List<String> lines = new CopyOnWriteArrayList<>();
  private final Path err;
  private final Thread reader;

  private FollowProcess(Process process, Path err) {
    this.process = process;
    this.err = err;
    this.reader = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
        String line;
        while ((line = r.readLine()) != null) {
          lines.add(line);
        }
      } catch (IOException e) {
        // the process went
      }
    }, "follow-process stdout");
    reader.setDaemon(true);
    reader.start();
  }

  static FollowProcess start(Path dir, String requests, List<String> args) throws IOException {
    List<String> cmd = new ArrayList<>(List.of(SshTestServer.javaCommand(), "-cp", System.getProperty("java.class.path"),
        helperlab.cli.Main.class.getName()));
    cmd.addAll(args);
    Path err = Files.createTempFile(dir, "follow", ".err");
    Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
    p.getOutputStream().write(requests.getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();
    return new FollowProcess(p, err);
  }

  /** Waits for the process to end (at most 3 minutes) and its last line to be read; returns its exit code. */
  int exit() throws Exception {
    if (!process.waitFor(3, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new AssertionError("ctl did not end in 3 minutes; stderr: " + stderr());
    }
    reader.join(TimeUnit.MINUTES.toMillis(1));
    return process.exitValue();
  }

  String stderr() throws IOException {
    return Files.readString(err);
  }

  /** The last line on stderr: the one-line reason (JSch and SLF4J may log above it). */
  String reason() throws IOException {
    String[] l = stderr().strip().split("\n");
    return l[l.length - 1];
  }

  /**
   * The stream ids of the lines read (lines without one, such as heartbeats, left out); a last line cut short
   * (the process killed while printing it) is not a line it printed.
   */
  List<String> ids() throws IOException {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String l = lines.get(i);
      JsonNode n;
      try {
        n = DataFile.JSON.readTree(l);
      } catch (IOException e) {
        if (i == lines.size() - 1 && !process.isAlive()) {
          break;
        }
        throw e;
      }
      if (n.hasNonNull("id")) {
        out.add(n.get("id").asText());
      }
    }
    return out;
  }

  /** Lines read that carry a stream id. */
  long entries() throws IOException {
    return ids().size();
  }

  @Override
  public void close() {
    process.destroyForcibly();
  }

  @Override
  public String toString() {
    try {
      return "exit " + (process.isAlive() ? "(running)" : process.exitValue()) + ", " + lines.size()
          + " lines\nstderr: " + stderr();
    } catch (IOException e) {
      return e.toString();
    }
  }
}
