package helperlab.cli;

import helperlab.protocol.Wire;
import helperlab.protocol.ctl.CalibrationLine;
import helperlab.protocol.ctl.CtlRequest;
import helperlab.protocol.ctl.Reply;
import helperlab.protocol.events.EndLine;
import helperlab.protocol.events.FollowLine;
import java.nio.file.Path;

/**
 * Whether the cage's answer to one ctl request came whole before the cage closed the connection: a
 * {@code follow} ends with its run's {@code end} line (or a refusal), a {@code calibrate} with its result
 * after the progress lines, anything else with one line. A cage that stops or restarts in the middle
 * closes the connection early; ctl then says so instead of passing silence on as a finished run.
 */
final class AnswerEnd {
  private final String op;
  private String run;
  private String lastId;
  private int lines;
  private boolean whole;

  AnswerEnd(String request) {
    String o = "";
    try {
      CtlRequest req = Wire.read(request, CtlRequest.class);
      o = req.op();
      run = req instanceof CtlRequest.Follow f ? f.run() : null;
    } catch (IllegalArgumentException e) {
      // malformed, or an op this ctl does not know: the cage answers it with one error line
    }
    op = o;
  }

  void saw(String answer) {
    lines++;
    Reply a;
    try {
      a = Wire.read(answer, Reply.class);
    } catch (IllegalArgumentException e) {
      whole = true; // not ours to judge
      return;
    }
    if (op.equals("follow")) {
      try {
        FollowLine f = Wire.read(answer, FollowLine.class);
        run = f.run() != null ? f.run() : run;
        lastId = f.id() != null ? f.id() : lastId;
      } catch (IllegalArgumentException e) {
        // a refusal: nothing to resume from
      }
    }
    whole = switch (op) {
      case "follow" -> !a.succeeded() || EndLine.TYPE.equals(a.type());
      case "calibrate" -> !CalibrationLine.PROGRESS.equals(a.type());
      default -> true;
    };
  }

  /** Null when the answer was whole; else what happened and how to go on, in words. */
  String cutShort(Path data) {
    if (whole) {
      return null;
    }
    String cage = "the cage on " + data.toAbsolutePath();
    if (lines == 0) {
      return cage + " closed the connection without answering " + (op.isEmpty() ? "the request" : op)
          + " (it stopped or restarted: see its log); ask again when it is back";
    }
    if (op.equals("follow")) {
      return cage + " closed the follow of " + (run != null ? "run " + run : "the live run") + " before the run's end"
          + " (the cage stopped or restarted: see its log); follow again with "
          + Wire.line(new CtlRequest.Follow(lastId != null ? lastId : "0-0", run)) + " when it is back";
    }
    return cage + " closed the connection before " + op + " had finished (it stopped or restarted: see its log)";
  }
}
