package helperlab.drive;

import static org.junit.jupiter.api.Assertions.assertEquals;

import helperlab.model.EventSink;
import helperlab.model.EventType;
import helperlab.policy.ClientAction;
import helperlab.policy.Command;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DriverTest {
  /** Commands waiting to be drained, and what the world was asked, in order. */
  private final List<Command> pending = new ArrayList<>();
  private final List<ClientAction> pendingActions = new ArrayList<>();
  private final List<String> done = new ArrayList<>();
  private Driver driver;

  private final World world = new World() {
    @Override
    public void spawn(double now, Command.Spawn s) {
      done.add("spawn " + s.worker());
      if (s.worker() == 0) {
        // as the cage does when a worker is lost on a write: commands carried out inside a command
        pending.add(new Command.Retire(0, "lost"));
        driver.execute(now);
      }
    }

    @Override
    public void assign(double now, Command.Assign a) {
      done.add("assign " + a.worker());
    }

    @Override
    public void retire(double now, Command.Retire r) {
      done.add("retire " + r.worker());
    }

    @Override
    public void handover(double now, Command.Handover h) {
      done.add("handover " + h.worker());
    }

    @Override
    public void taskFinished(double now, Command.TaskFinished f) {
      done.add("finished " + f.task());
    }

    @Override
    public void deadLetter(double now, Command.DeadLetter d) {
      done.add("dead " + d.image().id());
    }

    @Override
    public void send(double now, int task, int copy) {
      done.add("send " + task + " as " + copy);
      if (copy == task) {
        pending.add(new Command.TaskFinished(task, now, true, 0));
      }
    }
  };

  private final EventSink sink = new EventSink() {
    @Override
    public void on(double t, EventType type, int worker, int task, int image, double value, String note) {
      done.add(type + " " + task);
    }
  };

  private Driver driver() {
    return new Driver(into -> {
      into.addAll(pending);
      pending.clear();
    }, into -> {
      into.addAll(pendingActions);
      pendingActions.clear();
    }, world, sink);
  }

  @Test
  void commandsThenClientActionsRoundAfterRoundUntilNothingIsLeft() {
    driver = driver();
    pending.add(new Command.Spawn(1, -1));
    pendingActions.add(new ClientAction.Send(7, 7));
    pendingActions.add(new ClientAction.Outcome(3, ClientAction.Result.MET, 0, 0));
    driver.execute(0);
    assertEquals(List.of("spawn 1", "send 7 as 7", "TASK_MET 3", "finished 7"), done);
  }

  @Test
  void aCommandCarriedOutInsideAnotherLosesNothingOfTheOuterRound() {
    driver = driver();
    pending.add(new Command.Spawn(0, -1));
    pending.add(new Command.Spawn(1, -1));
    pendingActions.add(new ClientAction.Discard(5));
    driver.execute(0);
    assertEquals(List.of("spawn 0", "retire 0", "spawn 1", "DISCARDED 5"), done);
    pending.add(new Command.Spawn(2, -1));
    driver.execute(1);
    assertEquals("spawn 2", done.get(done.size() - 1), "the driver is usable again after a nested round");
  }
}
