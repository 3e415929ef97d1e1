package helperlab.cage.worker;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the kernel says of a process now, from {@code /proc/PID/stat} and its threads': whether it is
 * stopped (SIGSTOP, a debugger), whether any of its threads is runnable (running or waiting for a CPU:
 * a JVM's leader thread only sleeps in a join, so the process's own letter says nothing of its work),
 * and the CPU it has spent (utime + stime). The watchdog tells a hung worker from a paused or starved
 * one by these.
 *
 * @param state the leader thread's state letter ('R', 'S', 'D', 'T', 't', 'Z', ...)
 * @param anyRunnable whether any thread is in state 'R'
 * @param cpuS user + system CPU seconds of the whole process
 */
public record ProcStat(char state, boolean anyRunnable, double cpuS) {
  /** /proc counts CPU in USER_HZ ticks, which Linux fixes at 100 a second whatever the kernel's HZ. */
  static final double TICK_S = 0.01;

  /** Stopped by a signal or a tracer: someone outside holds it, it cannot be hung by itself. */
  public boolean stopped() {
    return state == 'T' || state == 't';
  }

  /** Resident memory of {@code pid} from /proc (what the kernel charges it), in bytes; -1 if it cannot be read. */
  public static long rssBytes(long pid) {
    if (pid <= 0) {
      return -1;
    }
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
        if (line.startsWith("VmRSS:")) {
          String[] parts = line.substring(6).trim().split("\\s+");
          return Long.parseLong(parts[0]) * 1024;
        }
      }
    } catch (IOException | RuntimeException e) {
      // gone already
    }
    return -1;
  }

  /** The state and CPU of {@code pid}, or null if it is gone (or /proc cannot be read). */
  public static ProcStat read(long pid) {
    if (pid <= 0) {
      return null;
    }
    Path dir = Path.of("/proc", Long.toString(pid));
    try {
      String[] f = fieldsAfterName(Files.readString(dir.resolve("stat")));
      // after "(comm)": state is field 3, utime 14 and stime 15 (1-based over the whole line)
      char state = f[0].charAt(0);
      double cpu = cpuS(f);
      return new ProcStat(state, state == 'R' || anyThreadRunnable(dir), cpu);
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * The user + system CPU seconds process {@code pid} has spent, or NaN if it is gone or is not {@code command}
   * (its name in /proc, e.g. "postgres"; null: any): a cheaper read than {@link #read}, for processes that are
   * only counted.
   */
  public static double cpuSecondsOf(long pid, String command) {
    if (pid <= 0) {
      return Double.NaN;
    }
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      if (command != null && !stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')')).equals(command)) {
        return Double.NaN;
      }
      String[] f = fieldsAfterName(stat);
      return cpuS(f);
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
  }

  /** utime + stime, fields 14 and 15 of the whole line, in seconds. */
  private static double cpuS(String[] fieldsAfterName) {
    return (Long.parseLong(fieldsAfterName[11]) + Long.parseLong(fieldsAfterName[12])) * TICK_S;
  }

  /** The fields after the command name, which may hold spaces and parentheses of its own. */
  static String[] fieldsAfterName(String stat) {
    return stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
  }

  private static boolean anyThreadRunnable(Path dir) {
    String[] tids = dir.resolve("task").toFile().list();
    if (tids == null) {
      return false;
    }
    for (String tid : tids) {
      try {
        String[] f = fieldsAfterName(Files.readString(dir.resolve("task").resolve(tid).resolve("stat")));
        if (f[0].charAt(0) == 'R') {
          return true;
        }
      } catch (IOException | RuntimeException e) {
        // the thread ended while we looked
      }
    }
    return false;
  }
}
