package helperlab.cage.run;

import helperlab.cage.store.BatchState;
import helperlab.cage.worker.WorkerProcess;
import helperlab.model.EventSink;
import helperlab.model.EventType;
import helperlab.policy.Client;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A run's work moving on: an image begun, a task finished, an image given up. Each is a change of the run's state
 * (through its operations), an event, and for a stored batch a line of the next checkpoint. Used only on the
 * supervisor's thread.
 */
final class TaskProgress {
  private static final Logger LOG = LoggerFactory.getLogger(TaskProgress.class);

  private final RunState state;
  private final EventSink sink;
  private final RunContext ctx;
  /** An exhibit's client model, which hears of its tasks' ends (null for a live run: its end is an event). */
  private final Client client;

  TaskProgress(RunState state, EventSink sink, RunContext ctx, Client client) {
    this.state = state;
    this.sink = sink;
    this.ctx = ctx;
    this.client = client;
  }

  /** The worker's next assigned image begins now (it takes them in order, back to back). */
  void startNext(WorkerProcess w, double now) {
    CageTask.Image im = state.startNext(w, ctx.cage());
    if (im == null) {
      return;
    }
    sink.on(now, EventType.IMAGE_STARTED, w.id(), im.task.id, im.id, 0, null);
  }

  void finishTask(CageTask t, double now, boolean met) {
    BatchState end = state.finish(t, met, now);
    if (t.persisted()) {
      t.endedIn = ctx.checkpoint().get();
      t.endedIn.batchState(t.batchId, end, ctx.clock().instant());
      ctx.checkpointSoon().run(); // its client waits to see the end stored
    }
    if (client != null) {
      client.finished(now, t.id, t.dead() == 0);
    } else {
      sink.on(now, met ? EventType.TASK_MET : EventType.TASK_LATE, -1, t.id, -1, now - t.deadlineS,
          end == BatchState.INPUTS_GONE ? "every input gone" : t.dead() > 0 ? t.dead() + " image(s) dead-lettered"
              + (t.inputsGone() > 0 ? " or gone" : "") : null);
    }
  }

  /**
   * An image whose input was taken away after admission: it fails now, with no strike and no worker
   * lost; the reason names the file relative to the inbox.
   */
  void inputGone(CageTask.Image im, String what, double now) {
    String reason = what + ": " + inboxRelative(im.source);
    sink.on(now, EventType.IMAGE_DEAD, -1, im.task.id, im.id, 0, reason);
    LOG.warn("cage: image " + im.id + " failed: " + reason);
    if (im.task.persisted()) {
      ctx.checkpoint().get().imageDead(im.id, im.task.batchId, im.source.toString(), "(" + what + ")", 0, reason);
    }
  }

  /** A path as the client named it: relative to the inbox when it is in there. */
  String inboxRelative(Path p) {
    Path inbox = ctx.config().inbox().toAbsolutePath().normalize();
    Path abs = p.toAbsolutePath().normalize();
    return abs.startsWith(inbox) ? inbox.relativize(abs).toString() : abs.getFileName().toString();
  }

  /** What happened to the workers that had the image in hand, in words. */
  static String deadReason(CageTask.Image im, int strikes) {
    List<String> named = im.strikeCauses();
    StringBuilder b = new StringBuilder("crashed " + strikes + " workers");
    if (!named.isEmpty()) {
      b.append(": ").append(String.join(", ", named));
      if (strikes > named.size()) {
        b.append(" and ").append(strikes - named.size()).append(" before a restart");
      }
    }
    return b.toString();
  }

  /** An image that crashed too many workers: recorded, and its file put in the dead letters. */
  void deadLetter(CageTask.Image im, int strikes, double now) {
    state.deadLetter(im, strikes);
    boolean shared = state.sourceShared(im);
    DeadLetters.Filed filed = DeadLetters.file(im.id, im.source, ctx.config().inbox(), ctx.config().deadLetters(), shared);
    String reason = deadReason(im, strikes);
    sink.on(now, EventType.IMAGE_DEAD, -1, im.task.id, im.id, strikes, reason);
    LOG.info("cage: image " + im.id + " dead-lettered: " + reason);
    if (im.task.persisted()) {
      ctx.checkpoint().get().imageDead(im.id, im.task.batchId, im.source.toString(), filed.movedTo(), strikes, reason);
    }
    if (filed.hostFault() != null) {
      ctx.storage().fault(filed.hostFault(), "dead letter of image " + im.id);
      ctx.storage().whenBack(() -> fileAgain(im, shared));
    }
  }

  /** A dead letter the host refused, filed now that the storage is back (its row told where it went). */
  private void fileAgain(CageTask.Image im, boolean shared) {
    DeadLetters.Filed filed = DeadLetters.file(im.id, im.source, ctx.config().inbox(), ctx.config().deadLetters(), shared);
    if (filed.hostFault() != null) {
      ctx.storage().fault(filed.hostFault(), "dead letter of image " + im.id);
      ctx.storage().whenBack(() -> fileAgain(im, shared));
      return;
    }
    if (im.task.persisted()) {
      ctx.checkpoint().get().deadLetterFiled(im.id, filed.movedTo());
    }
  }
}
