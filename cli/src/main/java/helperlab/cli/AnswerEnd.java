package helperlab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import helperlab.model.DataFile;
import java.io.IOException;
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
      JsonNode req = DataFile.JSON.readTree(request);
      o = req == null ? "" : req.path("op").asText("");
      run = req == null ? null : req.path("run").asText(null);
    } catch (IOException e) {
      // malformed: the cage answers it with one error line
    }
    op = o;
  }

  void saw(String answer) {
    lines++;
    JsonNode a;
    try {
      a = DataFile.JSON.readTree(answer);
    } catch (IOException e) {
      whole = true; // not ours to judge
      return;
    }
    if (a.hasNonNull("run")) {
      run = a.get("run").asText();
    }
    if (a.hasNonNull("id")) {
      lastId = a.get("id").asText();
    }
    boolean ok = a.path("ok").asBoolean(false);
    String type = a.path("type").asText("");
    whole = switch (op) {
      case "follow" -> !ok || "end".equals(type);
      case "calibrate" -> !"progress".equals(type);
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
          + " (the cage stopped or restarted: see its log); follow again with {\"op\":\"follow\""
          + (run != null ? ",\"run\":\"" + run + "\"" : "") + ",\"from\":\"" + (lastId != null ? lastId : "0-0")
          + "\"} when it is back";
    }
    return cage + " closed the connection before " + op + " had finished (it stopped or restarted: see its log)";
  }
}
