package helperlab.cage.worker;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import helperlab.model.DataFile;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The only thing a worker knows: frames over its stdin and stdout, each a 4-byte big-endian length
 * and a JSON message. Images go in; hello, ready, done, failed and heartbeats come out.
 */
public final class WorkerProtocol {
  /** A frame larger than this is a broken stream, not a message. */
  static final int MAX_FRAME = 1 << 20;

  private WorkerProtocol() {}

  /** Supervisor to worker. */
  @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
  @JsonSubTypes({@JsonSubTypes.Type(value = Job.class, name = "job"),
      @JsonSubTypes.Type(value = Stop.class, name = "stop"),
      @JsonSubTypes.Type(value = Resume.class, name = "resume")})
  public sealed interface ToWorker {}

  /** Resize {@code source} to fit {@code longEdge} and publish it at {@code target}. */
  public record Job(
      @JsonProperty(required = true) long image,
      @JsonProperty(required = true) String source,
      @JsonProperty(required = true) String target,
      @JsonProperty(value = "long_edge", required = true) int longEdge) implements ToWorker {}

  /** Finish nothing more and exit. */
  public record Stop(@JsonProperty("reason") String reason) implements ToWorker {}

  /** Try again the image the host failed (see {@link HostFailed}): the host's storage is back. */
  public record Resume(@JsonProperty("reason") String reason) implements ToWorker {}

  /** Worker to supervisor. */
  @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
  @JsonSubTypes({@JsonSubTypes.Type(value = Hello.class, name = "hello"),
      @JsonSubTypes.Type(value = Ready.class, name = "ready"),
      @JsonSubTypes.Type(value = Done.class, name = "done"),
      @JsonSubTypes.Type(value = Failed.class, name = "failed"),
      @JsonSubTypes.Type(value = HostFailed.class, name = "host_failed"),
      @JsonSubTypes.Type(value = Heartbeat.class, name = "heartbeat")})
  public sealed interface FromWorker {}

  /**
   * The process is up; {@code oomScoreAdj} is what it set its own OOM score to (or -1001 if it could
   * not); {@code cpuS} the CPU its start-up took, before warming up.
   */
  public record Hello(
      @JsonProperty(required = true) long pid,
      @JsonProperty(value = "oom_score_adj", required = true) int oomScoreAdj,
      @JsonProperty(value = "jvm_start_ms", required = true) double jvmStartMs,
      @JsonProperty(value = "cpu_s", required = true) double cpuS) implements FromWorker {}

  /**
   * Warmed up: ready for its first image. CPU is the process's own, start-up included; the probe is
   * the wall time of the last warm-up round, a same-moment measure of this machine's speed.
   */
  public record Ready(
      @JsonProperty(value = "startup_cpu_s", required = true) double startupCpuS,
      @JsonProperty(value = "warmup_images", required = true) int warmupImages,
      @JsonProperty(value = "warmup_ms", required = true) double warmupMs,
      @JsonProperty(value = "probe_ms", required = true) double probeMs) implements FromWorker {}

  /**
   * Published (or found already published, which is not published again). {@code cpuS} is the
   * image's CPU (the process's, JIT and GC threads included), {@code threadCpuS} the resizing
   * thread's alone (nanosecond clock, for the speed probe), {@code cpuTotalS} the process's so far. A worker takes its images in order, one
   * after the other, so an image starts when the one before it is done (or when it is sent, to an
   * idle worker): no frame is spent on saying so.
   */
  public record Done(
      @JsonProperty(required = true) long image,
      @JsonProperty(value = "cpu_s", required = true) double cpuS,
      @JsonProperty(value = "cpu_total_s", required = true) double cpuTotalS,
      @JsonProperty(value = "wall_s", required = true) double wallS,
      @JsonProperty(required = true) int width,
      @JsonProperty(required = true) int height,
      @JsonProperty(value = "already_published", required = true) boolean alreadyPublished,
      @JsonProperty("thread_cpu_s") double threadCpuS) implements FromWorker {}

  /** The image could not be resized; the worker exits right after (its decoder state is suspect). */
  public record Failed(
      @JsonProperty(required = true) long image,
      @JsonProperty(required = true) String reason,
      @JsonProperty("input_gone") boolean inputGone) implements FromWorker {
    public Failed(long image, String reason) {
      this(image, reason, false);
    }
  }

  /**
   * The host failed the image, not the image itself ({@link HostFault}: no space, no quota, a read-only file system, an
   * I/O error where it reads or writes): nothing was published, no temporary file is left, and the worker, unharmed,
   * keeps the image and waits for a {@link Resume} to try it again (or a stop).
   */
  public record HostFailed(
      @JsonProperty(required = true) long image,
      @JsonProperty(required = true) String errno,
      @JsonProperty(required = true) String reason,
      @JsonProperty(required = true) String path) implements FromWorker {}

  /** Alive; the CPU seconds it has used so far and the image in flight (-1 if none). */
  public record Heartbeat(
      @JsonProperty(value = "cpu_s", required = true) double cpuS,
      @JsonProperty(required = true) long image) implements FromWorker {}

  public static void write(OutputStream out, Object message) throws IOException {
    writeUnflushed(out, message);
    out.flush();
  }

  /** Writes a frame without flushing, so several go out in one write. */
  public static void writeUnflushed(OutputStream out, Object message) throws IOException {
    byte[] json = DataFile.JSON.writeValueAsBytes(message);
    DataOutputStream data = new DataOutputStream(out);
    data.writeInt(json.length);
    data.write(json);
  }

  /** The next frame's message, or null at a clean end of stream. */
  public static <T> T read(InputStream in, Class<T> type) throws IOException {
    DataInputStream data = new DataInputStream(in);
    int length;
    try {
      length = data.readInt();
    } catch (EOFException e) {
      return null;
    }
    if (length < 0 || length > MAX_FRAME) {
      throw new IOException("bad frame length " + length);
    }
    byte[] json = new byte[length];
    data.readFully(json);
    return DataFile.parse(new String(json, StandardCharsets.UTF_8), "frame", type);
  }
}
