package helperlab.cli;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep sharded as a Slurm array job, merged by the job that depends on it, is byte for byte one unsharded run:
 * a real one-node Slurm (slurmctld, slurmd, munged from Debian's packages) started by scripts/slurm/one-node under a
 * temporary directory, the jobs submitted by scripts/slurm/submit as a user would.
 */
class SlurmSweepTest {
  private static final Path SCRIPTS = Path.of("scripts", "slurm").toAbsolutePath();
  private static final Duration COMMAND_BOUND = Duration.ofMinutes(10);

  /** A small sweep with a study in it: every shard has main-sweep or study groups, some both. */
  private static final List<String> SWEEP = List.of("--scenarios", "calm,burst", "--policies",
      "pool-edf-10,box,split-forecast-budget", "--machines", "small,cage", "--seeds", "3", "--study", "metastability",
      "--study-seeds", "2");
  private static final int SHARDS = 4;

  @Test
  @Tag("heavy") // installs and starts Slurm and MUNGE (root), then runs a sweep of 508 runs twice
  void shardsRunAsAnArrayJobAndTheDependentMergeWritesWhatOneRunWrites(@TempDir Path dir) throws Exception {
    Path cluster = dir.resolve("cluster");
    Path out = dir.resolve("slurm-out");
    // munged runs as the munge user, which must reach the cluster's directory inside this one (made 0700)
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    Throwable failure = null;
    try {
      Result start = run(dir, Map.of(), SCRIPTS.resolve("one-node").toString(), "start", cluster.toString());
      assertEquals(0, start.code(), "one-node start:\n" + start.output() + logs(cluster.resolve("log")));
      Map<String, String> env = Map.of("SLURM_CONF", cluster.resolve("slurm.conf").toString(),
          // the jobs inherit the submitter's environment: the same Java as this test
          "PATH", Path.of(System.getProperty("java.home"), "bin") + File.pathSeparator + System.getenv("PATH"));

      List<String> submitArgs = new ArrayList<>(List.of(SCRIPTS.resolve("submit").toString(), "--shards",
          Integer.toString(SHARDS), "--cpus-per-task", "1", "--jar", launcherJar(dir).toString(), "--out", out.toString(),
          "--"));
      submitArgs.addAll(SWEEP);
      Result submit = run(dir, env, submitArgs.toArray(String[]::new));
      assertEquals(0, submit.code(), "submit:\n" + submit.output());
      String array = jobId(submit.output(), "array job");
      String merge = jobId(submit.output(), "merge job");

      // unsharded, meanwhile, on this JVM: one cost basis, as each shard runs
      List<String> oneArgs = new ArrayList<>(List.of("sweep", "--threads", "1", "--second-calibration", "none", "--out",
          dir.resolve("one").toString()));
      oneArgs.addAll(SWEEP);
      CliRun one = CliRun.of(oneArgs.toArray(String[]::new));
      assertEquals(0, one.code(), one.err());

      await("jobs " + array + " and " + merge + " to leave the queue").atMost(Duration.ofMinutes(20))
          .pollInterval(Duration.ofSeconds(1))
          .until(() -> run(dir, env, "squeue", "-h", "-j", array + "," + merge, "-o", "%i").output().isBlank());
      String mergeState = run(dir, env, "scontrol", "show", "job", merge).output();
      assertTrue(mergeState.contains("JobState=COMPLETED") && mergeState.contains("ExitCode=0:0"),
          "the merge job did not complete:\n" + mergeState + logs(out.resolve("logs")));
      String arrayState = run(dir, env, "scontrol", "show", "job", array).output();
      assertEquals(SHARDS, count(arrayState, "JobState=COMPLETED"), arrayState);
      for (int i = 0; i < SHARDS; i++) {
        assertTrue(Files.exists(out.resolve("shards").resolve(Integer.toString(i)).resolve("shard.json")), "shard " + i);
      }

      for (String f : new String[] {"runs.jsonl", "summary.csv", "findings.md"}) {
        assertArrayEquals(Files.readAllBytes(dir.resolve("one").resolve(f)),
            Files.readAllBytes(out.resolve("merged").resolve(f)), f);
      }
    } catch (Throwable t) {
      failure = t;
      throw t;
    } finally {
      // every daemon and job this test started goes, whatever happened above
      Result stop = run(dir, Map.of(), SCRIPTS.resolve("one-node").toString(), "stop", cluster.toString());
      if (stop.code() != 0) {
        AssertionError e = new AssertionError("one-node stop:\n" + stop.output());
        if (failure == null) {
          throw e;
        }
        failure.addSuppressed(e);
      }
    }
  }

  @Test
  void submitSaysWhatIsMissing(@TempDir Path dir) throws Exception {
    Result noJar = run(dir, Map.of(), SCRIPTS.resolve("submit").toString(), "--shards", "2", "--jar",
        dir.resolve("absent.jar").toString(), "--out", dir.resolve("o").toString());
    assertEquals(1, noJar.code(), noJar.output());
    assertTrue(noJar.output().contains("no jar at " + dir.resolve("absent.jar")), noJar.output());

    // no sbatch on the PATH: only what the script needs before it looks for sbatch
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Files.copy(Path.of("/usr/bin/dirname"), bin.resolve("dirname"), java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
    Result noSbatch = run(dir, Map.of("PATH", bin.toString()), "/bin/bash", SCRIPTS.resolve("submit").toString(),
        "--shards", "2", "--jar", launcherJar(dir).toString(), "--out", dir.resolve("o").toString());
    assertEquals(1, noSbatch.code(), noSbatch.output());
    assertTrue(noSbatch.output().contains("sbatch is not on the PATH"), noSbatch.output());

    Result shard = run(dir, Map.of(), SCRIPTS.resolve("submit").toString(), "--shards", "2", "--out",
        dir.resolve("o").toString(), "--seeds", "2", "--shard", "0/2");
    assertEquals(2, shard.code(), shard.output());
    assertTrue(shard.output().contains("leave out --shard"), shard.output());
    assertTrue(Files.notExists(dir.resolve("o").resolve("shards")), "nothing written for a refused submit");
  }

  /** A jar holding only a manifest: helper-lab's main class on this test's class path (what the shaded jar runs). */
  private static Path launcherJar(Path dir) throws IOException {
    String classPath = Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
        .map(p -> Path.of(p).toAbsolutePath().toUri().toString())
        .collect(Collectors.joining(" "));
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Main.class.getName());
    manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, classPath);
    Path jar = dir.resolve("helper-lab.jar");
    try (OutputStream os = Files.newOutputStream(jar); JarOutputStream ignored = new JarOutputStream(os, manifest)) {
      return jar;
    }
  }

  private static String jobId(String submitOutput, String what) {
    Matcher m = Pattern.compile("^" + what + " (\\d+):", Pattern.MULTILINE).matcher(submitOutput);
    if (!m.find()) {
      fail("no '" + what + " ID:' line in what submit printed:\n" + submitOutput);
    }
    return m.group(1);
  }

  private static int count(String text, String needle) {
    return text.split(Pattern.quote(needle), -1).length - 1;
  }

  /** Every file in a log directory, for a failure's message. */
  private static String logs(Path logDir) throws IOException {
    if (!Files.isDirectory(logDir)) {
      return "";
    }
    StringBuilder b = new StringBuilder();
    try (Stream<Path> files = Files.list(logDir).sorted()) {
      for (Path f : files.toList()) {
        b.append("\n--- ").append(f).append('\n').append(Files.readString(f, StandardCharsets.UTF_8));
      }
    }
    return b.toString();
  }

  private record Result(int code, String output) {}

  /**
   * Runs a command to its end with its output in a file, not a pipe: a daemon it starts keeps the descriptors it was
   * given, and a pipe would not close until the daemon exits.
   */
  private static Result run(Path dir, Map<String, String> env, String... command) throws Exception {
    Path log = Files.createTempFile(dir, "command-", ".log");
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    pb.environment().putAll(env);
    Process p = pb.start();
    if (!p.waitFor(COMMAND_BOUND.toSeconds(), TimeUnit.SECONDS)) {
      p.destroyForcibly();
      fail(String.join(" ", command) + " still running after " + COMMAND_BOUND + ":\n" + Files.readString(log));
    }
    String output = Files.readString(log);
    Files.delete(log);
    return new Result(p.exitValue(), output);
  }
}
