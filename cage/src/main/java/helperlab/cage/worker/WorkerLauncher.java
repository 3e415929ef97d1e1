package helperlab.cage.worker;

import helperlab.cage.limits.CgroupCage;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Starts worker processes with the supervisor's own JVM and class path (entry point {@link WorkerMain#main}), which works from {@code mvn test} and from the shaded jar alike. With class-data sharing
 * on, workers map an AppCDS archive of the classes a warmed-up worker loaded, made once per JDK and
 * class path (the JDK archives jars only, so a class path with directories runs without it).
 */
public final class WorkerLauncher {
  private final String javaBin;
  private final String classPath;
  private final int heapMb;
  private final long maxPixels;
  private final Path logFile;
  private final Path archive;
  private volatile String cdsStatus;
  private volatile boolean archiveReady;

  public WorkerLauncher(int heapMb, long maxPixels, Path runDir, boolean cds) {
    this.javaBin = javaCommand();
    this.classPath = System.getProperty("java.class.path");
    this.heapMb = heapMb;
    this.maxPixels = maxPixels;
    this.logFile = runDir.resolve("workers.log");
    String unsupported = cds ? whyNoCds(classPath) : "off (configured)";
    this.archive = unsupported == null ? runDir.resolve("cds").resolve("worker-" + fingerprint() + ".jsa") : null;
    this.archiveReady = archive != null && Files.isRegularFile(archive);
    this.cdsStatus = unsupported != null ? unsupported : archiveReady ? "on (" + archive + ")" : "pending";
  }

  public static String javaCommand() {
    return ProcessHandle.current().info().command()
        .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
  }

  /** Null if the class path can be archived, else why not. */
  static String whyNoCds(String classPath) {
    for (String entry : classPath.split(File.pathSeparator)) {
      if (entry.isEmpty()) {
        continue;
      }
      Path p = Path.of(entry);
      if (Files.isDirectory(p)) {
        return "off (the class path has a directory, " + entry + "; CDS archives only jars: run the shaded jar)";
      }
    }
    return null;
  }

  /** Names the archive after everything it depends on: the JDK and each class-path jar's size and time. */
  private String fingerprint() {
    try {
      MessageDigest d = MessageDigest.getInstance("SHA-256");
      d.update((System.getProperty("java.vm.version") + "|" + javaBin + "|" + heapMb + "|").getBytes());
      for (String entry : classPath.split(File.pathSeparator)) {
        Path p = Path.of(entry);
        d.update(entry.getBytes());
        if (Files.exists(p)) {
          d.update((Files.size(p) + ":" + Files.getLastModifiedTime(p).toMillis()).getBytes());
        }
      }
      return HexFormat.of().formatHex(d.digest(), 0, 8);
    } catch (NoSuchAlgorithmException | IOException e) {
      return "unknown";
    }
  }

  public String cdsStatus() {
    return cdsStatus;
  }

  public boolean usesArchive() {
    return archiveReady;
  }

  /** The command line of a worker; with {@code dumpTo}, one that writes a CDS archive when it exits. */
  List<String> command(Path dumpTo, boolean share) {
    List<String> cmd = new ArrayList<>();
    cmd.add(javaBin);
    cmd.add("-Xmx" + heapMb + "m");
    cmd.add("-Xss512k");
    // One GC thread and no compiler threads beyond need: a worker runs one image at a time.
    cmd.add("-XX:+UseSerialGC");
    cmd.add("-XX:CICompilerCount=2");
    cmd.add("-XX:-UsePerfData");
    cmd.add("-XX:+ExitOnOutOfMemoryError");
    cmd.add("-Djava.awt.headless=true");
    if (dumpTo != null) {
      cmd.add("-XX:ArchiveClassesAtExit=" + dumpTo);
    } else if (share && archiveReady) {
      cmd.add("-XX:SharedArchiveFile=" + archive);
      cmd.add("-Xshare:auto");
    }
    cmd.add("-cp");
    cmd.add(classPath);
    cmd.add(WorkerMain.class.getName());
    cmd.add(WorkerMain.MAX_PIXELS + maxPixels);
    return cmd;
  }

  public Process start() throws IOException {
    return start(true, null);
  }

  /**
   * Starts a worker; {@code share} false runs it without the CDS archive (to measure the difference).
   * With a capped {@code cage}, a shell joins the cage's cgroups and then execs the JVM, so every page
   * the JVM touches is charged to the cage: a worker put in after it started has its first pages
   * charged to the supervisor's cgroup. A join that fails is left to the caller's {@link
   * CgroupCage#add}, which says why.
   */
  public Process start(boolean share, CgroupCage cage) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(joiningFirst(cage == null ? List.of() : cage.procsFiles(), command(null, share)));
    pb.redirectError(ProcessBuilder.Redirect.appendTo(logFile.toFile()));
    return pb.start();
  }

  /** {@code command}, run by a shell that first writes its own pid (kept across exec) into each file. */
  static List<String> joiningFirst(List<Path> procsFiles, List<String> command) {
    if (procsFiles.isEmpty()) {
      return command;
    }
    List<String> cmd = new ArrayList<>(List.of("/bin/sh", "-c",
        "n=$1; shift; while [ \"$n\" -gt 0 ]; do echo $$ 2>/dev/null >\"$1\"; shift; n=$((n-1)); done; exec \"$@\"",
        "helperlab-join", Integer.toString(procsFiles.size())));
    procsFiles.forEach(f -> cmd.add(f.toString()));
    cmd.addAll(command);
    return cmd;
  }

  /**
   * Makes the CDS archive if it can and has not been made: a worker is started with
   * ArchiveClassesAtExit, warms up, is stopped, and its archive renamed into place. Blocks (seconds);
   * run it off the supervisor's thread.
   */
  public void prepareArchive() {
    if (archive == null || archiveReady) {
      return;
    }
    Path tmp = archive.resolveSibling(archive.getFileName() + ".tmp-" + ProcessHandle.current().pid());
    try {
      Files.createDirectories(archive.getParent());
      Files.deleteIfExists(tmp);
      ProcessBuilder pb = new ProcessBuilder(command(tmp, false));
      pb.redirectError(ProcessBuilder.Redirect.appendTo(logFile.toFile()));
      Process p = pb.start();
      try {
        while (true) {
          WorkerProtocol.FromWorker m = WorkerProtocol.read(p.getInputStream(), WorkerProtocol.FromWorker.class);
          if (m == null) {
            throw new IOException("the archiving worker exited early (code " + p.waitFor() + ")");
          }
          if (m instanceof WorkerProtocol.Ready) {
            break;
          }
        }
        WorkerProtocol.write(p.getOutputStream(), new WorkerProtocol.Stop("archive"));
        p.getOutputStream().flush();
        if (!p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS)) {
          throw new IOException("the archiving worker did not exit");
        }
      } finally {
        p.destroyForcibly();
      }
      if (!Files.isRegularFile(tmp)) {
        throw new IOException("the JVM wrote no archive (see " + logFile + ")");
      }
      Files.move(tmp, archive, java.nio.file.StandardCopyOption.ATOMIC_MOVE,
          java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      archiveReady = true;
      cdsStatus = "on (" + archive + ")";
    } catch (IOException | RuntimeException e) {
      cdsStatus = "off (making the archive failed: " + e.getMessage() + ")";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      cdsStatus = "off (interrupted while making the archive)";
    }
  }
}
