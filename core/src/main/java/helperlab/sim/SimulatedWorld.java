package helperlab.sim;

import helperlab.drive.World;
import helperlab.model.EventSink;
import helperlab.model.EventType;
import helperlab.model.Task;
import helperlab.policy.AdmissionDecision;
import helperlab.policy.Client;
import helperlab.policy.Command;
import helperlab.policy.ImageJob;
import helperlab.policy.Scheduler;
import helperlab.policy.TaskRequest;
import java.util.List;

/** What the scheduler's commands and the client's sends mean on the simulated machine. */
final class SimulatedWorld implements World {
  private final Workers workers;
  private final TaskTable tasks;
  private final Scheduler scheduler;
  private final Client client;
  private final EventSink sink;
  /** Whether a sink reads a refusal's reason (none in a sweep: it is then never put into words). */
  private final boolean refusalWords;

  SimulatedWorld(Workers workers, TaskTable tasks, Scheduler scheduler, Client client, EventSink sink) {
    this.workers = workers;
    this.tasks = tasks;
    this.scheduler = scheduler;
    this.client = client;
    this.sink = sink;
    this.refusalWords = sink.readsRefusalReasons();
  }

  @Override
  public void settle(double at) {
    workers.killWhileOverMemory(at);
  }

  @Override
  public void assign(double at, Command.Assign a) {
    workers.assign(at, a.worker(), a.images());
  }

  @Override
  public void spawn(double at, Command.Spawn s) {
    workers.spawn(at, s.worker(), s.task());
  }

  @Override
  public void handover(double at, Command.Handover h) {
    workers.handover(h.worker(), h.task());
  }

  @Override
  public void retire(double at, Command.Retire r) {
    workers.retire(at, r.worker(), r.reason());
  }

  @Override
  public void taskFinished(double at, Command.TaskFinished f) {
    client.finished(at, f.task(), f.deadImages() == 0);
  }

  @Override
  public void deadLetter(double at, Command.DeadLetter d) {
    sink.on(at, EventType.IMAGE_DEAD, -1, d.image().task(), d.image().id(), d.strikes(), null);
  }

  @Override
  public void send(double at, int taskId, int copy) {
    Task task = tasks.task(taskId);
    List<ImageJob> jobs = tasks.jobsOf(taskId, copy);
    sink.on(at, EventType.SUBMITTED, -1, copy, -1, copy == taskId ? -1 : taskId, null);
    TaskRequest request = new TaskRequest(copy, at, task.deadlineS(), jobs, tasks.flatS(taskId));
    AdmissionDecision d = scheduler.submit(at, request);
    if (d.admitted()) {
      sink.on(at, EventType.ADMITTED, -1, copy, -1, 0, null);
      client.admitted(at, copy);
    } else {
      sink.on(at, EventType.REFUSED, -1, copy, -1, d.retryAfterS(), refusalWords ? d.reason() : null);
      client.refused(at, copy, d.retryAfterS());
    }
  }
}
