package helperlab.remote;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * What a deploy started on the server, so that a failed step can take it back: each step that starts
 * a service, makes a directory or leaves a file registers the script that undoes it; on a failure
 * they run newest first and say what they undid. Nothing a previous deploy made is ever on this list.
 */
final class DeployUndo {
  /** One thing to undo: a script, and what it undoes in words. */
  private record Step(String what, String script) {}

  private final RemoteShell shell;
  private final Deque<Step> steps = new ArrayDeque<>();

  DeployUndo(RemoteShell shell) {
    this.shell = shell;
  }

  /** Registers {@code script}, which undoes a step; {@code what} says what it undoes ("stopped the private Redis"). */
  void push(String what, String script) {
    steps.push(new Step(what, script));
  }

  /** Forgets the newest step whose description is {@code what} (it was done for good, e.g. files renamed into place). */
  void drop(String what) {
    steps.removeIf(s -> s.what().equals(what));
  }

  boolean isEmpty() {
    return steps.isEmpty();
  }

  /**
   * Undoes every registered step, newest first, over {@code s} (or a fresh login when that one is
   * gone); returns what was undone, and what could not be, in words.
   */
  List<String> run(SshTransport.Sessions s) {
    List<String> done = new ArrayList<>();
    SshTransport.Sessions fresh = null;
    try {
      while (!steps.isEmpty()) {
        Step step = steps.pop();
        try {
          RemoteShell.Result r;
          try {
            r = shell.exec(fresh != null ? fresh : s, step.script());
          } catch (ControlException dropped) {
            if (fresh != null) {
              throw dropped;
            }
            fresh = shell.transport().connect(); // the failure took the login with it: log in again to clean up
            r = shell.exec(fresh, step.script());
          }
          done.add(r.code() == 0 ? step.what() : "could not undo (" + step.what() + "): exit status " + r.code() + " "
              + RemoteShell.tail(r.err()));
        } catch (ControlException e) {
          done.add("could not undo (" + step.what() + "): " + e.getMessage());
        }
      }
    } finally {
      if (fresh != null) {
        fresh.close();
      }
    }
    return done;
  }
}
