package helperlab.remote;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** {@code helper-lab ...} of this build as a real process (no terminal): stdin given, stdout, stderr and exit code kept. */
record CliRun(int code, String out, String err) {
  static CliRun run(Path dir, String stdin, String... args) throws IOException, InterruptedException {
    return run(java.util.Map.of(), dir, stdin, args);
  }

  /** With {@code env} added to the process's environment (a locale, say). */
  static CliRun run(java.util.Map<String, String> env, Path dir, String stdin, String... args)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(SshTestServer.javaCommand(), "-cp", System.getProperty("java.class.path"),
        helperlab.cli.Main.class.getName()));
    cmd.addAll(List.of(args));
    Path out = Files.createTempFile(dir, "cli", ".out");
    Path err = Files.createTempFile(dir, "cli", ".err");
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
    pb.environment().putAll(env);
    Process p = pb.start();
    p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();
    if (!p.waitFor(90, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("helper-lab " + String.join(" ", args) + " did not finish in 90 s; stderr: "
          + Files.readString(err));
    }
    return new CliRun(p.exitValue(), Files.readString(out), Files.readString(err));
  }

  /** The last line on stderr: the one-line reason (JSch and SLF4J may log above it). */
  String reason() {
    String[] lines = err.strip().split("\n");
    return lines[lines.length - 1];
  }

  @Override
  public String toString() {
    return "exit " + code + "\nstdout: " + out + "\nstderr: " + err;
  }
}
