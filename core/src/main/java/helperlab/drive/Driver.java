package helperlab.drive;

import helperlab.model.EventSink;
import helperlab.model.EventType;
import helperlab.policy.ClientAction;
import helperlab.policy.Command;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Carries out what the scheduler and the client ask, in one order for every world: the simulator
 * and the cage differ only in what a spawn, an assignment or a retirement means ({@link World}), so a
 * difference between a replay and a real run is never a difference in how commands were followed.
 */
public final class Driver {
  private final Consumer<List<Command>> commands;
  private final Consumer<List<ClientAction>> clientActions;
  private final World world;
  private final EventSink sink;
  /**
   * The lists the drains fill, reused round after round: one pair per level of nesting, since a world may
   * have commands carried out while it carries out one (the cage, when a worker is lost on a write).
   */
  private final List<List<Command>> askedByDepth = new ArrayList<>();
  private final List<List<ClientAction>> actionsByDepth = new ArrayList<>();
  private int depth;

  /**
   * {@code commands} drains the scheduler into the list it is given ({@code Scheduler::drainTo}),
   * {@code clientActions} the client (a run without a client, the cage's live service, adds nothing).
   */
  public Driver(Consumer<List<Command>> commands, Consumer<List<ClientAction>> clientActions, World world,
      EventSink sink) {
    this.commands = commands;
    this.clientActions = clientActions;
    this.world = world;
    this.sink = sink;
  }

  /** Rounds of commands, then client actions, until neither the scheduler nor the client has anything left. */
  public void execute(double now) {
    if (depth == askedByDepth.size()) {
      askedByDepth.add(new ArrayList<>());
      actionsByDepth.add(new ArrayList<>());
    }
    List<Command> asked = askedByDepth.get(depth);
    List<ClientAction> actions = actionsByDepth.get(depth);
    depth++;
    try {
      while (true) {
        world.settle(now);
        asked.clear();
        actions.clear();
        commands.accept(asked);
        clientActions.accept(actions);
        if (asked.isEmpty() && actions.isEmpty()) {
          return;
        }
        // by index, without an iterator per round
        for (int i = 0; i < asked.size(); i++) {
          carryOut(now, asked.get(i));
        }
        for (int i = 0; i < actions.size(); i++) {
          carryOut(now, actions.get(i));
        }
      }
    } finally {
      asked.clear(); // what was carried out is not kept alive
      actions.clear();
      depth--;
    }
  }

  /** Only the client's actions (after the client closed at the end of a run: its last outcomes). */
  public void carryOutClientActions(double now) {
    List<ClientAction> actions = new ArrayList<>();
    clientActions.accept(actions);
    for (ClientAction a : actions) {
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
