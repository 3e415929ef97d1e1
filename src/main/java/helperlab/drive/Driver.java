package helperlab.drive;

import helperlab.model.EventSink;
import helperlab.model.EventType;
import helperlab.policy.ClientAction;
import helperlab.policy.Command;
import java.util.List;
import java.util.function.Supplier;

/**
 * Carries out what the scheduler and the client ask, in one order for every world: the simulator
 * and the cage differ only in what a spawn, an assignment or a retirement means ({@link World}), so a
 * difference between a replay and a real run is never a difference in how commands were followed.
 */
public final class Driver {
  private final Supplier<List<Command>> commands;
  private final Supplier<List<ClientAction>> clientActions;
  private final World world;
  private final EventSink sink;

  /**
   * {@code commands} drains the scheduler ({@code Scheduler::drain}), {@code clientActions} the client
   * (a run without a client, the cage's live service, gives {@code List::of}).
   */
  public Driver(Supplier<List<Command>> commands, Supplier<List<ClientAction>> clientActions, World world,
      EventSink sink) {
    this.commands = commands;
    this.clientActions = clientActions;
    this.world = world;
    this.sink = sink;
  }

  /** Rounds of commands, then client actions, until neither the scheduler nor the client has anything left. */
  public void execute(double now) {
    while (true) {
      world.settle(now);
      List<Command> asked = commands.get();
      List<ClientAction> actions = clientActions.get();
      if (asked.isEmpty() && actions.isEmpty()) {
        return;
      }
      // by index, without an iterator per round (lists from drains are random access)
      for (int i = 0; i < asked.size(); i++) {
        carryOut(now, asked.get(i));
      }
      for (int i = 0; i < actions.size(); i++) {
        carryOut(now, actions.get(i));
      }
    }
  }

  /** Only the client's actions (after the client closed at the end of a run: its last outcomes). */
  public void carryOutClientActions(double now) {
    for (ClientAction a : clientActions.get()) {
      carryOut(now, a);
    }
  }

  private void carryOut(double now, Command c) {
    if (c instanceof Command.Spawn s) {
      world.spawn(now, s);
    } else if (c instanceof Command.Assign a) {
      world.assign(now, a);
    } else if (c instanceof Command.Retire r) {
      world.retire(now, r);
    } else if (c instanceof Command.Handover h) {
      world.handover(now, h);
    } else if (c instanceof Command.TaskFinished f) {
      world.taskFinished(now, f);
    } else if (c instanceof Command.DeadLetter d) {
      world.deadLetter(now, d);
    }
  }

  private void carryOut(double now, ClientAction a) {
    if (a instanceof ClientAction.Send s) {
      world.send(now, s.task(), s.copy());
    } else if (a instanceof ClientAction.Outcome o) {
      EventType type = switch (o.result()) {
        case MET -> EventType.TASK_MET;
        case LATE -> EventType.TASK_LATE;
        case TURNED_AWAY -> EventType.TASK_TURNED_AWAY;
      };
      sink.on(now, type, -1, o.task(), -1, o.latenessS(), null);
    } else if (a instanceof ClientAction.Discard d) {
      sink.on(now, EventType.DISCARDED, -1, d.copy(), -1, 0, null);
    }
  }
}
