package helperlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * A refusal for the user exits 2 with its sentence; a failure on the way exits 1 with its own; a defect of ours exits 1
 * and says it is one.
 */
class FailureHandlerTest {
  @Command(name = "probe")
  static final class Throwing implements Callable<Integer> {
    private final Exception thrown;

    Throwing(Exception thrown) {
      this.thrown = thrown;
    }

    @Override
    public Integer call() throws Exception {
      throw thrown;
    }
  }

  @TempDir
  Path logs;

  private String[] run(Exception thrown) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = new CommandLine(new Throwing(thrown)).setOut(new PrintWriter(out, true)).setErr(new PrintWriter(err, true))
        .setExecutionExceptionHandler(new FailureHandler(logs)).execute();
    assertEquals("", out.toString(), "a failure says nothing on the command's output");
    return new String[] {Integer.toString(code), err.toString()};
  }

  @Test
  void badInputIsSaidInItsOwnWordsAndExitsTwo() {
    String[] r = run(new IllegalArgumentException("there is no policy called 'boxx'"));
    assertEquals("2", r[0]);
    assertEquals("helper-lab probe: there is no policy called 'boxx'", r[1].strip());
  }

  @Test
  void aPathInTheWayIsSaidInWordsNotAsABarePath() {
    String[] r = run(new java.nio.file.FileAlreadyExistsException("/tmp/out"));
    assertEquals("2", r[0]);
    assertEquals("helper-lab probe: /tmp/out already exists and is in the way: give a path that does not exist yet,"
        + " or a folder", r[1].strip());
    r = run(new java.nio.file.NotDirectoryException("/tmp/out/runs.jsonl"));
    assertEquals("helper-lab probe: /tmp/out/runs.jsonl is a file where a folder is needed", r[1].strip());
  }

  @Test
  void aFailureOnTheWayIsSaidInItsOwnWordsAndExitsOne() {
    String[] r = run(new java.io.IOException("PostgreSQL at 127.0.0.1:5432 does not answer"));
    assertEquals("1", r[0]);
    assertEquals("helper-lab probe: PostgreSQL at 127.0.0.1:5432 does not answer", r[1].strip());
    r = run(new IllegalStateException("the cage on /srv/cage is already running"));
    assertEquals("1", r[0]);
    r = run(new helperlab.model.DataFileException("run.json at 'seed': not a number"));
    assertEquals("2", r[0], "a file that is not what it should be is bad input");
  }

  @Test
  void aDefectIsNotPassedOffAsBadInput() throws Exception {
    String[] r = run(new NullPointerException());
    assertEquals("1", r[0]);
    assertTrue(r[1].startsWith("helper-lab probe: stopped by an internal error"), r[1]);
    assertFalse(r[1].contains("helper-lab probe: null"), r[1]);
  }

  @Test
  void aDefectTellsTheUserOneSentenceAndLeavesItsStackTraceInALogFile() throws Exception {
    String[] r = run(new IllegalStateException(""));
    assertEquals("1", r[0]);
    assertEquals(1, r[1].strip().lines().count(), "one sentence, no frames: " + r[1]);
    List<Path> files;
    try (var listed = Files.list(logs)) {
      files = listed.toList();
    }
    assertEquals(1, files.size(), files.toString());
    assertTrue(r[1].contains(files.get(0).toString()), "the sentence names the log: " + r[1]);
    String log = Files.readString(files.get(0));
    assertTrue(log.contains("java.lang.IllegalStateException") && log.contains("\tat helperlab.cli.FailureHandlerTest"),
        log);
  }

  @Test
  void theVersionComesFromTheManifestOrSaysItIsADevelopmentBuild() {
    CliRun r = CliRun.of("--version");
    assertEquals(0, r.code());
    assertTrue(r.out().startsWith("helper-lab "), r.out());
    assertTrue(r.out().contains("development build"), "run from classes, no manifest says a version: " + r.out());
  }
}
