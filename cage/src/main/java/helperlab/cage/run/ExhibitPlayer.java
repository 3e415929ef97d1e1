package helperlab.cage.run;

import helperlab.cage.image.SampleLibrary;
import helperlab.model.EventSink;
import helperlab.model.EventType;
import helperlab.model.Task;
import helperlab.policy.AdmissionDecision;
import helperlab.policy.Client;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Plays an exhibit into its run: its batches when they are due, through the client model in front of the cage (its
 * timers and re-sends), each copy the client sends judged by the run's scheduler.
 */
final class ExhibitPlayer {
  private final Exhibit exhibit;
  private final Client client;
  private final RunClock clock;
  private final RunState state;
  private final EventSink sink;
  private final RunScheduler scheduler;
  private final RunContext ctx;
  /** Where its outputs go: one directory per copy sent. */
  private final Path outbox;

  ExhibitPlayer(Exhibit exhibit, Client client, RunClock clock, RunState state, EventSink sink, RunScheduler scheduler,
      RunContext ctx, Path outbox) {
    this.exhibit = exhibit;
    this.client = client;
    this.clock = clock;
    this.state = state;
    this.sink = sink;
    this.scheduler = scheduler;
    this.ctx = ctx;
    this.outbox = outbox;
  }

  Exhibit exhibit() {
    return exhibit;
  }

  Client client() {
    return client;
  }

  /** Sends the exhibit's batches that are due by {@code now} and fires the client's timers. */
  void step(double now) {
    for (Task t : exhibit.due(now)) {
      client.arrive(now, t.id(), t.deadlineS());
    }
    if (client.nextWakeup() <= now) {
      client.tick(now);
    }
    scheduler.execute(now);
  }

  /** When the exhibit next needs the loop: an arrival, a client timer, or its hard stop. */
  double wakeup() {
    return Math.min(Math.min(exhibit.nextArrivalS(), client.nextWakeup()), exhibit.stopS);
  }

  /** The exhibit has sent everything and all of it is settled, or its time is up. */
  boolean over(double now) {
    return now >= exhibit.stopS || (now >= exhibit.durationS && exhibit.allSent() && client.openTasks() == 0
        && scheduler.current().unfinishedTasks() == 0);
  }

  /** The client sends task {@code taskId} (again, as {@code copy}, when it retries): judged by the scheduler now. */
  void sendCopy(int taskId, int copy, double now) {
    Task t = exhibit.tasks.get(taskId);
    List<SampleLibrary.Sample> picks = exhibit.samples.get(taskId);
    int longEdge = ctx.presets().get(t.preset()).longEdge();
    CageTask c = new CageTask(copy, -1, "exhibit", t.preset(), longEdge, now, t.deadlineS(),
        clock.toInstant(t.deadlineS()), taskId);
    Path dir = outbox.resolve(Integer.toString(copy));
    for (int i = 0; i < picks.size(); i++) {
      SampleLibrary.Sample s = picks.get(i);
      Path out = dir.resolve(String.format(Locale.ROOT, "%04d_%s", i, s.file()));
      double predicted = ctx.calibration().forecastSeconds(s.megapixels(), t.preset());
      c.addImage(state.newLocalImageId(), i, exhibit.library.path(s), out, s.width(), s.height(), predicted);
    }
    sink.on(now, EventType.SUBMITTED, -1, copy, -1, copy == taskId ? -1 : taskId, null);
    AdmissionDecision d = t.deadlineS() > now ? scheduler.current().submit(now, c.request(ctx.calibration()))
        : AdmissionDecision.refuse(-1, "its deadline passed before it was sent");
    if (d.admitted()) {
      state.register(c);
      sink.on(now, EventType.ADMITTED, -1, copy, -1, 0, null);
      client.admitted(now, copy);
    } else {
      sink.on(now, EventType.REFUSED, -1, copy, -1, d.retryAfterS(), d.reason());
      client.refused(now, copy, d.retryAfterS());
    }
  }
}
