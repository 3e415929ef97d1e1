package helperlab.remote;

import helperlab.drive.Sizing;
import helperlab.model.Calibration;
import helperlab.model.MachineSpec;
import helperlab.policy.WorkerBudget;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code deploy --check}: what a server offers the cage, found by one POSIX shell script that changes
 * nothing (Java, PostgreSQL and Redis answering, installed, their versions; the cgroup version and
 * whether the login may write to it; systemd user units and lingering; disk and memory; libjpeg-turbo for the
 * workers' JPEG decoding) and read back here into one line per item, with the worker budget the cage would get there (seed 001's
 * sizing with the seed calibration's worker size).
 */
public final class ServerCheck {
  /** How an item stands. */
  public enum Level { OK, WARN, MISSING }

  /** One line of the check. */
  public record Item(Level level, String name, String text) {
    @Override
    public String toString() {
      return String.format(Locale.ROOT, "%-7s %-10s %s", level.name().toLowerCase(Locale.ROOT), name, text);
    }
  }

  private ServerCheck() {}

  /** The script: {@code key=value} lines only; {@code dir} is a shell word (the remote directory). */
  public static String script(String dir, int pgPort, int redisPort) {
    return String.join("\n",
        "d=" + dir + "; [ -d \"$d\" ] || d=\"$HOME\"",
        "echo \"user=$(id -un)\"",
        "echo \"uid=$(id -u)\"",
        "if [ -r /etc/os-release ]; then . /etc/os-release; echo \"os=${PRETTY_NAME:-$ID}\"; echo \"os_id=$ID\";"
            + " echo \"os_like=${ID_LIKE:-}\"; fi",
        "if command -v java >/dev/null 2>&1; then echo \"java=$(java -version 2>&1 | head -n 1)\";"
            + " echo \"java_path=$(command -v java)\"; else echo java=; fi",
        // Debian's libjpeg-turbo for Java, and the unversioned .so its loader opens (the cage's JpegScaledDecoder)
        "t=no; if [ -s /usr/share/java/turbojpeg.jar ]; then for s in /usr/lib/*/libturbojpeg.so /usr/lib/libturbojpeg.so;"
            + " do [ -e \"$s\" ] && t=yes; done; fi; echo \"jpeg_turbo=$t\"",
        "probe() { if command -v bash >/dev/null 2>&1; then bash -c \"exec 3<>/dev/tcp/127.0.0.1/$1\" 2>/dev/null"
            + " && echo up || echo down; else echo unknown; fi; }",
        "echo \"pg_port=" + pgPort + "\"",
        "echo \"pg_answers=$(probe " + pgPort + ")\"",
        "echo \"pg_bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)\"",
        "if command -v initdb >/dev/null 2>&1; then echo \"pg_initdb=$(command -v initdb)\"; fi",
        "b=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1);"
            + " if [ -x \"$b/postgres\" ]; then echo \"pg_version=$(\"$b/postgres\" --version 2>/dev/null)\";"
            + " elif command -v postgres >/dev/null 2>&1; then echo \"pg_version=$(postgres --version 2>/dev/null)\"; fi",
        "echo \"redis_port=" + redisPort + "\"",
        "echo \"redis_answers=$(probe " + redisPort + ")\"",
        "if command -v redis-server >/dev/null 2>&1; then echo \"redis_version=$(redis-server --version 2>/dev/null"
            + " | head -n 1)\"; fi",
        "if [ -f /sys/fs/cgroup/cgroup.controllers ]; then echo cgroup=2;"
            + " p=$(sed -n 's/^0:://p' /proc/self/cgroup); echo \"cgroup_path=/sys/fs/cgroup$p\";"
            + " [ -w \"/sys/fs/cgroup$p\" ] && echo cgroup_writable=yes || echo cgroup_writable=no;"
            + " echo \"cgroup_cpu_max=$(cat /sys/fs/cgroup$p/cpu.max 2>/dev/null)\";"
            + " echo \"cgroup_memory_max=$(cat /sys/fs/cgroup$p/memory.max 2>/dev/null)\";"
            + " else echo cgroup=1; c=$(ls -d /sys/fs/cgroup/cpu /sys/fs/cgroup/cpu,cpuacct 2>/dev/null | head -n 1);"
            + " m=/sys/fs/cgroup/memory$(sed -n 's/^[0-9]*:memory:\\(.*\\)/\\1/p' /proc/self/cgroup);"
            + " echo \"cgroup_path=$c $m\";"
            + " [ -n \"$c\" ] && [ -w \"$c\" ] && [ -w \"$m\" ] && echo cgroup_writable=yes || echo cgroup_writable=no;"
            + " q=$(cat \"$c/cpu.cfs_quota_us\" 2>/dev/null); per=$(cat \"$c/cpu.cfs_period_us\" 2>/dev/null);"
            + " echo \"cgroup_cpu_max=$q $per\";"
            + " echo \"cgroup_memory_max=$(cat \"$m/memory.limit_in_bytes\" 2>/dev/null)\"; fi",
        "if command -v systemctl >/dev/null 2>&1 && systemctl --user show-environment >/dev/null 2>&1;"
            + " then echo systemd_user=yes; else echo systemd_user=no; fi",
        "if command -v loginctl >/dev/null 2>&1; then echo \"linger=$(loginctl show-user \"$(id -un)\" -p Linger"
            + " --value 2>/dev/null)\"; fi",
        "echo \"nproc=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN)\"",
        "echo \"mem_total_kb=$(sed -n 's/^MemTotal: *\\([0-9]*\\).*/\\1/p' /proc/meminfo)\"",
        "echo \"mem_available_kb=$(sed -n 's/^MemAvailable: *\\([0-9]*\\).*/\\1/p' /proc/meminfo)\"",
        "echo \"disk_free_kb=$(df -Pk \"$d\" 2>/dev/null | awk 'NR==2 {print $4}')\"",
        "echo \"disk_dir=$d\"",
        "if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then echo sudo=yes; else echo sudo=no; fi",
        "");
  }

  /** The script's {@code key=value} lines as a map (later keys win). */
  public static Map<String, String> parse(String output) {
    Map<String, String> m = new LinkedHashMap<>();
    for (String line : output.split("\n")) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        m.put(line.substring(0, eq).strip(), line.substring(eq + 1).strip());
      }
    }
    return m;
  }

  /** One line per item from the script's answers. */
  public static List<Item> items(Map<String, String> f) {
    List<Item> out = new ArrayList<>();
    String install = installCommand(f);
    String java = f.getOrDefault("java", "");
    if (java.isEmpty()) {
      out.add(new Item(Level.MISSING, "java", "no java on the PATH; install Java 17: " + install));
    } else {
      int major = javaMajor(java);
      out.add(new Item(major >= 17 ? Level.OK : Level.MISSING, "java", java + " (" + f.getOrDefault("java_path", "")
          + ")" + (major >= 17 ? "" : "; the cage needs Java 17 or later: " + install)));
    }
    boolean pgUp = "up".equals(f.get("pg_answers"));
    String pgBin = f.getOrDefault("pg_bin", "");
    String pgVersion = f.getOrDefault("pg_version", "");
    String pgInstalled = pgBin.isEmpty() && !f.containsKey("pg_initdb") ? "not installed"
        : "installed" + (pgVersion.isEmpty() ? "" : ": " + pgVersion) + (pgBin.isEmpty() ? "" : " (" + pgBin + ")");
    // deploy starts a private cluster whatever answers (a shared server's is never shared), so the binaries count
    out.add(new Item(pgInstalled.startsWith("installed") ? Level.OK : Level.MISSING, "postgresql",
        (pgUp ? "answers on 127.0.0.1:" : "nothing answers on 127.0.0.1:") + f.getOrDefault("pg_port", "5432") + "; "
        + pgInstalled + (pgInstalled.startsWith("installed") ? "; deploy starts a private cluster of its own"
            : "; install it (deploy starts a private cluster of its own, or give --pg-url): " + install)));
    boolean redisUp = "up".equals(f.get("redis_answers"));
    String redisVersion = f.getOrDefault("redis_version", "");
    out.add(new Item(redisVersion.isEmpty() ? Level.MISSING : Level.OK, "redis",
        (redisUp ? "answers on 127.0.0.1:" : "nothing answers on 127.0.0.1:") + f.getOrDefault("redis_port", "6379")
        + "; " + (redisVersion.isEmpty() ? "redis-server not installed; install it (deploy starts a private one, or"
            + " give --redis-url): " + install : redisVersion + "; deploy starts a private one of its own")));
    boolean writable = "yes".equals(f.get("cgroup_writable"));
    out.add(new Item(writable ? Level.OK : Level.WARN, "cgroup", "v" + f.getOrDefault("cgroup", "?") + ", "
        + (writable ? "writable by " : "not writable by ") + f.getOrDefault("user", "the login") + " ("
        + f.getOrDefault("cgroup_path", "") + ")" + (writable ? "" : "; the cage runs uncapped (its limits still count)")));
    boolean systemd = "yes".equals(f.get("systemd_user"));
    String linger = f.getOrDefault("linger", "");
    out.add(new Item(systemd ? Level.OK : Level.WARN, "systemd", (systemd ? "user units work" : "no user systemd"
        + " session: the cage runs as a background process with a pid file") + (linger.isEmpty() ? ""
        : "; lingering " + linger + ("yes".equals(linger) ? "" : " (sudo loginctl enable-linger "
            + f.getOrDefault("user", "USER") + " keeps it running after logout)"))));
    long diskKb = number(f.get("disk_free_kb"));
    out.add(new Item(diskKb >= 2L << 20 ? Level.OK : Level.WARN, "disk", String.format(Locale.ROOT,
        "%.1f GiB free in %s%s", diskKb / 1048576.0, f.getOrDefault("disk_dir", "~"),
        diskKb >= 2L << 20 ? "" : " (the jar, PostgreSQL and the sample images want about 2 GiB)")));
    long memKb = number(f.get("mem_total_kb"));
    out.add(new Item(memKb >= 1L << 20 ? Level.OK : Level.WARN, "memory", String.format(Locale.ROOT,
        "%.1f GiB total, %.1f GiB available", memKb / 1048576.0, number(f.get("mem_available_kb")) / 1048576.0)));
    out.add(budget(f));
    out.add(new Item("yes".equals(f.get("sudo")) ? Level.OK : Level.WARN, "sudo", "yes".equals(f.get("sudo"))
        ? "sudo -n works: --install can install what is missing"
        : "sudo -n does not work for " + f.getOrDefault("user", "the login") + ": install what is missing by hand"));
    out.add("yes".equals(f.get("jpeg_turbo"))
        ? new Item(Level.OK, "jpeg", "libjpeg-turbo: workers decode JPEGs scaled to the size they need")
        : new Item(Level.WARN, "jpeg", "no libjpeg-turbo: workers decode JPEGs with the JDK's decoder (more CPU for big"
            + " photos); install it: sudo apt-get install -y libturbojpeg-java libturbojpeg0-dev"));
    return out;
  }

  /** The worker budget there: CPUs and memory from the processors, the login's cgroup and /proc/meminfo. */
  static Item budget(Map<String, String> f) {
    double cpus = Math.max(1, number(f.get("nproc")));
    String cpuMax = f.getOrDefault("cgroup_cpu_max", "").strip();
    String[] q = cpuMax.split("\\s+");
    if (q.length == 2 && q[0].matches("\\d+") && q[1].matches("\\d+") && Long.parseLong(q[1]) > 0
        && !q[0].equals("-1")) {
      cpus = Math.min(cpus, Double.parseDouble(q[0]) / Double.parseDouble(q[1]));
    }
    long mem = number(f.get("mem_total_kb")) * 1024;
    long cg = number(f.get("cgroup_memory_max"));
    if (cg > 0 && cg < (1L << 60) && (mem == 0 || cg < mem)) {
      mem = cg;
    }
    MachineSpec there = MachineSpec.of("server", cpus, mem / (1024.0 * 1024.0));
    double perWorkerMb = Sizing.perWorkerMb(there, Calibration.seed());
    WorkerBudget b = Sizing.budget(there, Calibration.seed());
    return new Item(Level.OK, "budget", String.format(Locale.ROOT, "%d workers (%s): %.2f CPUs, %.0f MiB, %.0f MiB"
        + " per worker", b.workers(), b.reason(), cpus, mem / 1048576.0, perWorkerMb));
  }

  /** What the cage may need installed. */
  public enum Need { JAVA, POSTGRESQL, REDIS }

  /**
   * What is missing there: Java 17 always; PostgreSQL and Redis binaries where a private one will be
   * started ({@code forcePrivate}, or nothing answers on the port) and none is installed.
   */
  public static java.util.EnumSet<Need> missing(Map<String, String> f, boolean forcePrivate, boolean pgGiven,
      boolean redisGiven) {
    java.util.EnumSet<Need> out = java.util.EnumSet.noneOf(Need.class);
    String java = f.getOrDefault("java", "");
    if (java.isEmpty() || javaMajor(java) < 17) {
      out.add(Need.JAVA);
    }
    boolean pgInstalled = !f.getOrDefault("pg_bin", "").isEmpty() || f.containsKey("pg_initdb");
    if (!pgGiven && (forcePrivate || !"up".equals(f.get("pg_answers"))) && !pgInstalled) {
      out.add(Need.POSTGRESQL);
    }
    boolean redisInstalled = !f.getOrDefault("redis_version", "").isEmpty();
    if (!redisGiven && (forcePrivate || !"up".equals(f.get("redis_answers"))) && !redisInstalled) {
      out.add(Need.REDIS);
    }
    return out;
  }

  /** The distribution's command that installs what is missing there, and only that. */
  public static String installCommand(Map<String, String> f) {
    java.util.EnumSet<Need> needs = missing(f, true, false, false);
    return installCommand(f, needs.isEmpty() ? java.util.EnumSet.allOf(Need.class) : needs);
  }

  /** The distribution's command that installs {@code needs}. */
  public static String installCommand(Map<String, String> f, java.util.Set<Need> needs) {
    String id = (f.getOrDefault("os_id", "") + " " + f.getOrDefault("os_like", "")).toLowerCase(Locale.ROOT);
    List<String> words = new ArrayList<>();
    if (id.contains("debian") || id.contains("ubuntu")) {
      words.add("sudo apt-get install -y");
      add(words, needs, "openjdk-17-jre-headless", "postgresql", "redis-server");
    } else if (id.contains("fedora") || id.contains("rhel") || id.contains("centos") || id.contains("rocky")
        || id.contains("alma")) {
      words.add("sudo dnf install -y");
      add(words, needs, "java-17-openjdk-headless", "postgresql-server", "redis");
    } else {
      List<String> names = new ArrayList<>();
      add(names, needs, "Java 17", "PostgreSQL", "Redis");
      return "install " + String.join(" and ", names) + " with the system's package manager";
    }
    return String.join(" ", words);
  }

  private static void add(List<String> words, java.util.Set<Need> needs, String java, String pg, String redis) {
    if (needs.contains(Need.JAVA)) {
      words.add(java);
    }
    if (needs.contains(Need.POSTGRESQL)) {
      words.add(pg);
    }
    if (needs.contains(Need.REDIS)) {
      words.add(redis);
    }
  }

  static int javaMajor(String versionLine) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"(1\\.)?(\\d+)").matcher(versionLine);
    return m.find() ? Integer.parseInt(m.group(2)) : 0;
  }

  private static long number(String s) {
    try {
      return s == null || s.isBlank() ? 0 : Long.parseLong(s.strip());
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
