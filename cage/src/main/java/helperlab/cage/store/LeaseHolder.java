package helperlab.cage.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Who holds a cage identity, as the lease row records it: the host, the process and when it started (so a pid the
 * kernel gave to another process is not taken for the holder), and a token of the holding store (two stores in one
 * process, as tests run them, are told apart by it).
 */
record LeaseHolder(String host, long pid, String started, String token) {
  /** The tokens of the leases this process holds now. */
  private static final Set<String> HELD_HERE = ConcurrentHashMap.newKeySet();

  /** A new holder: this process, with a token of its own. */
  static LeaseHolder here() {
    ProcessHandle self = ProcessHandle.current();
    return new LeaseHolder(thisHost(), self.pid(), startOf(self),
        HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong()));
  }

  void holding(boolean held) {
    if (held) {
      HELD_HERE.add(token);
    } else {
      HELD_HERE.remove(token);
    }
  }

  /**
   * Whether this holder is known to be alive: a process of this host that still runs (the same process, by its start),
   * or a store of this process that has not let go. A holder on another host cannot be looked at from here: false,
   * and its writes are fenced by the epoch instead.
   */
  boolean knownAlive() {
    if (!host.equals(thisHost())) {
      return false;
    }
    if (pid == ProcessHandle.current().pid()) {
      return HELD_HERE.contains(token);
    }
    return ProcessHandle.of(pid).filter(ProcessHandle::isAlive).map(LeaseHolder::startOf).map(started::equals)
        .orElse(false);
  }

  /** In words, for messages: "pid 1234 on this host" or "pid 1234 on host b". */
  String words() {
    return "pid " + pid + (host.equals(thisHost()) ? " on this host" : " on host " + host.replaceFirst("/.*", ""));
  }

  private static String startOf(ProcessHandle p) {
    return p.info().startInstant().map(Instant::toString).orElse("?");
  }

  /** This host's name and boot: a holder from before a reboot is not this boot's process, whatever its pid. */
  static String thisHost() {
    String name;
    try {
      name = Files.readString(Path.of("/proc/sys/kernel/hostname")).trim();
    } catch (IOException e) {
      name = System.getenv().getOrDefault("HOSTNAME", "unknown");
    }
    try {
      return name + "/" + Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).trim();
    } catch (IOException e) {
      return name;
    }
  }
}
