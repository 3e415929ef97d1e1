package helperlab.cage.service;

import helperlab.cage.image.SampleLibrary;
import helperlab.model.EventType;
import helperlab.model.Task;
import helperlab.policy.AdmissionDecision;
import java.nio.file.Path;
import java.util.List;

/** Plays an exhibit into its run: its batches when they are due, the client's timers and re-sends. */
final class ExhibitPlayer {
  private final CageRun run;

  ExhibitPlayer(CageRun run) {
    this.run = run;
  }

  /** Sends the exhibit's batches that are due and fires the client's timers. */
  void exhibitStep() {
    if (run.exhibit == null || run.stopped) {
      return;
    }
    double now = run.now();
    run.squeeze.step(now);
    for (Task t : run.exhibit.due(now)) {
      run.exhibit.client.arrive(now, t.id(), t.deadlineS());
    }
    if (run.exhibit.client.nextWakeup() <= now) {
      run.exhibit.client.tick(now);
    }
    run.execute(now);
  }
  /** When the exhibit next needs the loop: an arrival, a client timer, a slowdown's edge, or its hard stop. */
  double exhibitWakeup() {
    if (run.exhibit == null || run.stopped) {
      return Double.POSITIVE_INFINITY;
    }
    return Math.min(Math.min(Math.min(run.exhibit.nextArrivalS(), run.exhibit.client.nextWakeup()), run.exhibit.stopS),
        run.squeeze.nextEdgeS());
  }
  /** The exhibit has sent everything and all of it is settled, or its time is up. */
  boolean exhibitOver() {
    if (run.exhibit == null) {
      return false;
    }
    double now = run.now();
    boolean over = now >= run.exhibit.stopS || (now >= run.exhibit.durationS && run.exhibit.allSent()
        && run.exhibit.client.openTasks() == 0 && run.scheduler().unfinishedTasks() == 0);
    if (over) {
      run.squeeze.step(now); // a window the loop was too late for is still played, however briefly
    }
    return over;
  }
  void sendCopy(int taskId, int copy, double now) {
    Task t = run.exhibit.tasks.get(taskId);
    List<SampleLibrary.Sample> picks = run.exhibit.samples.get(taskId);
    int longEdge = run.ctx.presets().get(t.preset()).longEdge();
    CageTask c = new CageTask(copy, -1, "exhibit", t.preset(), longEdge, now, t.deadlineS(),
        run.toInstant(t.deadlineS()), taskId);
    Path dir = run.ctx.config().outbox().resolve("exhibit-" + run.id).resolve(Integer.toString(copy));
    for (int i = 0; i < picks.size(); i++) {
      SampleLibrary.Sample s = picks.get(i);
      Path out = dir.resolve(String.format(java.util.Locale.ROOT, "%04d_%s", i, s.file()));
      double predicted = run.ctx.calibration().forecastSeconds(s.megapixels(), t.preset());
      c.images.add(new CageTask.Image(run.state.newLocalImageId(), c, i, run.exhibit.library.path(s), out, s.width(), s.height(),
          predicted));
    }
    run.sink.on(now, EventType.SUBMITTED, -1, copy, -1, copy == taskId ? -1 : taskId, null);
    AdmissionDecision d = t.deadlineS() > now ? run.scheduler().submit(now, c.request(run.flatWork(c)))
        : AdmissionDecision.refuse(-1, "its deadline passed before it was sent");
    if (d.admitted()) {
      run.state.register(c);
      run.sink.on(now, EventType.ADMITTED, -1, copy, -1, 0, null);
      run.exhibit.client.admitted(now, copy);
    } else {
      run.sink.on(now, EventType.REFUSED, -1, copy, -1, d.retryAfterS(), d.reason());
      run.exhibit.client.refused(now, copy, d.retryAfterS());
    }
  }
}
