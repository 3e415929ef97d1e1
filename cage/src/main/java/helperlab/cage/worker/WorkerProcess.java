package helperlab.cage.worker;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * One worker process as the supervisor sees it: its ids (in the run, and in the scheduler that spawned it), its
 * process, what it was sent and has started, and what the watchdog watches (start, heartbeats, CPU, memory). Its
 * process ({@link LaunchedProcess}) has pipes ({@link WorkerPipes}) that carry messages out, and its frames and then
 * its exit in to the supervisor as {@link WorkerSignal}s. Everything else is touched only on the supervisor's thread,
 * and only through operations named for what happened (hello, heartbeat, ready, start, takeBack, handover, failed,
 * lost...; the pool's launch, retire, condemn, exited): every field is private, one writer per field. When things
 * happened is kept in its {@link WorkerMarks}, the images in its hands in its {@link HeldImages}; what the watchdog
 * saw of it from outside and concluded is the watchdog's, in its {@link WatchdogNotes}, which the handle only carries.
 */
public final class WorkerProcess {
  private final int id;
  private final int schedulerId;
  private final int generation;
  private int task; // the task it works for: a yielding helper is handed over to another
  private final WorkerMarks marks;
  private final WatchdogNotes notes = new WatchdogNotes();
  private WorkerPhase phase = WorkerPhase.DEFERRED;
  /** Its OS process and the pipes to it, once launched. */
  private final LaunchedProcess os = new LaunchedProcess();
  private long pid = -1;
  private double lastCpuS;
  private int imagesFinished;
  private final HeldImages images = new HeldImages();
  private long rssBytes;
  private String killCause;
  /** Its CPU (from /proc) at the last watchdog round, for the run's CPU share; -1 before the first. */
  private double cpuSeenS = -1;

  /**
   * A handle no process stands behind yet, as the pool makes one before it launches it: what a test of a run's
   * bookkeeping holds, with no process started.
   */
  public static WorkerProcess unlaunched(int id, int schedulerId, int generation, int task) {
    return new WorkerProcess(id, schedulerId, generation, task, 0);
  }

  WorkerProcess(int id, int schedulerId, int generation, int task, double spawnedAt) {
    this.id = id;
    this.schedulerId = schedulerId;
    this.generation = generation;
    this.task = task;
    this.marks = new WorkerMarks(spawnedAt);
  }

  public int id() {
    return id;
  }

  /** Its id in the scheduler that spawned it. */
  public int schedulerId() {
    return schedulerId;
  }

  /** The run's generation it belongs to (a policy change starts a new one). */
  public int generation() {
    return generation;
  }

  /** The task it works for. */
  public int task() {
    return task;
  }

  public WorkerPhase phase() {
    return phase;
  }

  public long pid() {
    return pid;
  }

  /** When things happened to it, on the supervisor's clock. */
  public WorkerMarks marks() {
    return marks;
  }

  /** The images in its hands: in order, the one in flight and since when, the jobs kept back; its wait for the host. */
  public HeldImages images() {
    return images;
  }

  /** What the watchdog saw of it from outside, and why it lets it live while it is silent. */
  public WatchdogNotes notes() {
    return notes;
  }

  /** Its CPU seconds as it last told them. */
  public double lastCpuS() {
    return lastCpuS;
  }

  /** The CPU it has spent on the image in flight so far (as it last told it). */
  public double cpuOnImageS() {
    return images.cpuOnImageS(lastCpuS);
  }

  /** The CPU it has spent on the image in flight, the larger of what it told and {@code procCpuS} (/proc's). */
  public double cpuOnImageS(double procCpuS) {
    return images.cpuOnImageS(Math.max(lastCpuS, procCpuS));
  }

  /** The CPU its start-up cost, wasted when it goes before it was ever ready (0 once it was). */
  public double unreadyStartupCpuS() {
    return marks.readyAt() < 0 ? Math.max(0, lastCpuS) : 0;
  }

  public long rssBytes() {
    return rssBytes;
  }

  /** Why it was killed (or failed), null while nothing was said. */
  public String killCause() {
    return killCause;
  }

  /** Any sign of life at {@code at} (the supervisor's clock), even from a worker whose words no longer count. */
  public void heard(double at) {
    marks.heard(at);
  }

  public void hello(double at) {
    marks.hello(at);
  }

  public void heartbeat(double at, double cpuS) {
    marks.heard(at);
    lastCpuS = cpuS;
  }

  /** Warmed up and ready for images, having spent {@code startupCpuS} getting there. */
  public void ready(double at, double startupCpuS) {
    marks.ready(at);
    phase = WorkerPhase.READY;
    lastCpuS = startupCpuS;
  }

  /** It finished an image (published it, or found it published), its CPU seconds as the frame told them. */
  public void finishedImage(double cpuTotalS) {
    lastCpuS = cpuTotalS;
    imagesFinished++;
  }

  /**
   * The host failed its image (no space, read-only...): it keeps the image and waits to be told to try again; the
   * watchdog does not count the wait against the image.
   */
  public void hostFailed(double at) {
    images.hostFailed(at);
  }

  /** Told to try its image again at {@code at}: the image's time and CPU count from now. */
  public void resumed(double at) {
    images.resumed(at, lastCpuS);
  }

  /** Jobs kept back while dispatch is paused, to be sent when it resumes. */
  public void keepBack(List<WorkerProtocol.Job> jobs) {
    images.keepBack(jobs);
  }

  /** The jobs kept back, now to be sent (none left kept). */
  public List<WorkerProtocol.Job> takeKeptBack() {
    return images.takeKeptBack();
  }

  /** How many images it finished. */
  public int imagesFinished() {
    return imagesFinished;
  }
  /** It says it failed: the cause its exit will be reported with. */
  public void failed(String reason) {
    killCause = "failed: " + reason;
  }

  /** A yielding helper handed over to another task. */
  public void handover(int toTask) {
    task = toTask;
  }

  /** One more image sent to it, after those it holds. */
  public void give(int imageId) {
    images.give(imageId);
  }

  /** It begins the first image it holds at {@code at}; that image's id, or null when it holds none. */
  public Integer startFirst(double at) {
    return images.startFirst(at, lastCpuS);
  }

  /** The image leaves its hands (done, or dead); false when it did not hold it. */
  public boolean takeBack(int imageId) {
    return images.takeBack(imageId);
  }

  /** It holds nothing from now on. */
  public void dropAll() {
    images.dropAll();
  }

  /** Lost and reported: whatever it still says is ignored. */
  public void gone() {
    phase = WorkerPhase.GONE;
  }

  /** Lost while writing {@code output}: the temp file it leaves is to go once the process is gone. */
  public void lostWhileWriting(Path output) {
    images.lostWhileWriting(output);
  }

  /** The half-written output it left (".name.tmp-PID"), null when none; forgotten once asked for. */
  public Path takeHalfWritten() {
    return images.takeHalfWritten(pid);
  }

  /** The CPU it spent since the last watchdog round, from what /proc says now (0 at the first round). */
  public double cpuSinceLastRound(double cpuS) {
    double spent = cpuSeenS >= 0 ? Math.max(0, cpuS - cpuSeenS) : 0;
    cpuSeenS = cpuS;
    return spent;
  }

  // ---- what the pool does with it (its only writes to this handle) ---------------------------------------------

  /** Its process could not be started: reported lost like any worker that dies young. */
  void launchFailed(double now, String why) {
    phase = WorkerPhase.STARTING;
    marks.launched(now);
    killCause = "launch failed: " + why;
  }

  /** Asked to exit at {@code now}; true when it was never launched (and is gone at once). */
  boolean retire(double now) {
    marks.retired(now);
    if (phase == WorkerPhase.DEFERRED) {
      phase = WorkerPhase.GONE;
      return true;
    }
    phase = WorkerPhase.RETIRING;
    return false;
  }

  /** To be killed for {@code cause}; true when no process stands behind it (it is gone at once). */
  boolean condemn(String cause) {
    killCause = cause;
    boolean none = phase == WorkerPhase.DEFERRED || !os.running();
    phase = WorkerPhase.GONE;
    return none;
  }

  /** Its process has exited. */
  void exited() {
    os.exited();
  }

  /** Whether an OS process stands behind it that has not been seen to exit (retiring and killed ones included). */
  public boolean hasProcess() {
    return os.running();
  }

  /** Waits up to {@code seconds} for its process to exit (killed, at the pool's shutdown). */
  void awaitExit(long seconds) throws InterruptedException {
    os.awaitExit(seconds);
  }

  /** Starts the process and its reader thread, which hands frames and then the exit to {@code inbox}. */
  void launch(Process p, double now, Consumer<WorkerSignal> inbox) {
    started(p.pid(), now);
    os.launch(p, this, inbox);
  }

  /**
   * Its process {@code pid} started at {@code now}: it is starting, timed from now. A test of the watchdog's rules
   * calls it alone, for a handle with no process behind it.
   */
  void started(long pid, double now) {
    this.pid = pid;
    marks.launched(now);
    phase = WorkerPhase.STARTING;
  }

  /** Sends a message; false if the process is no longer listening (its exit is on the way). */
  boolean send(WorkerProtocol.ToWorker message) {
    return send(List.of(message));
  }

  /** Sends messages in one write; false if the process is no longer listening. */
  public boolean send(List<? extends WorkerProtocol.ToWorker> messages) {
    return os.send(messages);
  }

  void kill() {
    os.kill();
  }

  /** Its resident memory was read from /proc (what the kernel charges it): {@code bytes}. */
  void residentRead(long bytes) {
    rssBytes = bytes;
  }
}
