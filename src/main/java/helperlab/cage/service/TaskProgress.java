package helperlab.cage.service;

import helperlab.cage.worker.WorkerProcess;
import helperlab.model.EventType;
import java.time.Instant;

/**
 * A run's work moving on: an image begun, a task finished, an image given up. What each means for the
 * run's state, its events and the store. Used only on the supervisor's thread.
 */
final class TaskProgress {
  private final CageRun run;

  TaskProgress(CageRun run) {
    this.run = run;
  }

  /** The worker's next assigned image begins now (it takes them in order, back to back). */
  void startNext(WorkerProcess w, double now) {
    CageTask.Image im = run.state.startNext(w, run.ctx.cage());
    if (im == null) {
      return;
    }
    run.sink.on(now, EventType.IMAGE_STARTED, w.id, im.task.id, im.id, 0, null);
  }

  void finishTask(CageTask t, double now, boolean met) {
    t.state = t.inputsGone > 0 && t.inputsGone == t.images.size() ? "inputs_gone" : met ? "met" : "late";
    t.finishedS = now;
    if (t.persisted()) {
      run.ctx.checkpoint().get().batchState(t.batchId, t.state, Instant.now());
    }
    if (run.exhibit != null) {
      run.exhibit.client.finished(now, t.id, t.dead == 0);
    } else {
      run.sink.on(now, met ? EventType.TASK_MET : EventType.TASK_LATE, -1, t.id, -1, now - t.deadlineS,
          t.state.equals("inputs_gone") ? "every input gone" : t.dead > 0 ? t.dead + " image(s) dead-lettered"
              + (t.inputsGone > 0 ? " or gone" : "") : null);
    }
  }

  /**
   * An image whose input was taken away after admission: it fails now, with no strike and no worker
   * lost; the reason names the file relative to the inbox.
   */
  void inputGone(CageTask.Image im, String what, double now) {
    String reason = what + ": " + inboxRelative(im.source);
    run.sink.on(now, EventType.IMAGE_DEAD, -1, im.task.id, im.id, 0, reason);
    run.ctx.log().println("cage: image " + im.id + " failed: " + reason);
    if (im.task.persisted()) {
      run.ctx.checkpoint().get().imageDead(im.id, im.task.batchId, im.source.toString(), "(" + what + ")", 0, reason);
    }
  }

  /** A path as the client named it: relative to the inbox when it is in there. */
  String inboxRelative(java.nio.file.Path p) {
    java.nio.file.Path inbox = run.ctx.config().inbox().toAbsolutePath().normalize();
    java.nio.file.Path abs = p.toAbsolutePath().normalize();
    return abs.startsWith(inbox) ? inbox.relativize(abs).toString() : abs.getFileName().toString();
  }

  /** What happened to the workers that had the image in hand, in words. */
  static String deadReason(CageTask.Image im, int strikes) {
    java.util.List<String> named = im.strikeCauses;
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
    run.state.deadLetter(im, strikes);
    boolean shared = run.state.sourceShared(im);
    String moved = DeadLetters.file(im.id, im.source, run.ctx.config().inbox(), run.ctx.config().deadLetters(), shared);
    String reason = deadReason(im, strikes);
    run.sink.on(now, EventType.IMAGE_DEAD, -1, im.task.id, im.id, strikes, reason);
    run.ctx.log().println("cage: image " + im.id + " dead-lettered: " + reason);
    if (im.task.persisted()) {
      run.ctx.checkpoint().get().imageDead(im.id, im.task.batchId, im.source.toString(), moved, strikes, reason);
    }
  }
}
