package helperlab.cage.worker;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/**
 * The images one worker holds, as the supervisor sees them: those sent and not yet reported done, in order; the one
 * it works on, since when and from what CPU; the jobs kept back while dispatch is paused; whether it waits for the
 * host; and the output it was writing when lost. Anyone reads them through the handle
 * ({@link WorkerProcess#images()}); only the handle writes them, from its operations named for what happened (give,
 * startFirst, takeBack, hostFailed, resumed...).
 */
public final class HeldImages {
  /** Images sent and not yet reported done, in order. */
  private final ArrayDeque<Integer> assigned = new ArrayDeque<>();
  /** Jobs given to it while dispatch was paused, not yet sent. */
  private final List<WorkerProtocol.Job> unsent = new ArrayList<>();
  private int inFlight = -1;
  private double inFlightSince;
  private double cpuAtImageStart;
  /** Since when it has waited for the host (the host failed its image), -1 while it does not. */
  private double parkedSince = -1;
  /** The output of the image it had in hand when lost: its temp file goes once the process is gone. */
  private Path halfWritten;

  HeldImages() {}

  /** Images sent and not yet reported done, in order. */
  public Collection<Integer> all() {
    return Collections.unmodifiableCollection(assigned);
  }

  /** The first image it holds, null when none. */
  public Integer first() {
    return assigned.peekFirst();
  }

  /** The image it is working on, -1 when none. */
  public int inFlight() {
    return inFlight;
  }

  /** Since when it has worked on the image in flight (or on its retry, once the host let it go on). */
  public double inFlightSince() {
    return inFlightSince;
  }

  /** Whether it waits for the host. */
  public boolean waitsForHost() {
    return parkedSince >= 0;
  }

  /** The CPU spent on the image in flight, of {@code cpuS} spent in all. */
  double cpuOnImageS(double cpuS) {
    return Math.max(0, cpuS - cpuAtImageStart);
  }

  void give(int imageId) {
    assigned.addLast(imageId);
  }

  /** The first image it holds goes in flight at {@code at}, its CPU counted from {@code cpuS}; null when none. */
  Integer startFirst(double at, double cpuS) {
    Integer next = assigned.peekFirst();
    if (next != null) {
      inFlight = next;
      inFlightSince = at;
      cpuAtImageStart = cpuS;
    }
    return next;
  }

  boolean takeBack(int imageId) {
    if (!assigned.remove(imageId)) {
      return false;
    }
    inFlight = -1;
    return true;
  }

  void dropAll() {
    assigned.clear();
    unsent.clear();
    inFlight = -1;
    parkedSince = -1;
  }

  void keepBack(List<WorkerProtocol.Job> jobs) {
    unsent.addAll(jobs);
  }

  List<WorkerProtocol.Job> takeKeptBack() {
    List<WorkerProtocol.Job> out = List.copyOf(unsent);
    unsent.clear();
    return out;
  }

  void hostFailed(double at) {
    parkedSince = at;
  }

  /** Tried again at {@code at}: the image's time counts from then, its CPU from {@code cpuS}. */
  void resumed(double at, double cpuS) {
    parkedSince = -1;
    inFlightSince = at;
    cpuAtImageStart = cpuS;
  }

  void lostWhileWriting(Path output) {
    halfWritten = output;
  }

  /** The temp file of the output it was writing when lost, left by process {@code pid}; null when none. */
  Path takeHalfWritten(long pid) {
    Path out = halfWritten == null || pid <= 0 ? null
        : halfWritten.resolveSibling("." + halfWritten.getFileName() + ".tmp-" + pid);
    halfWritten = null;
    return out;
  }
}
