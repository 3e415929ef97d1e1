package helperlab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** A refusal for the user exits 2 with its sentence; a defect of ours exits 1 and says it is one. */
class FailureHandlerTest {
  @Command(name = "probe")
  static final class Throwing implements Callable<Integer> {
    private final RuntimeException thrown;

    Throwing(RuntimeException thrown) {
      this.thrown = thrown;
    }

    @Override
    public Integer call() {
      throw thrown;
    }
  }

  private static String[] run(RuntimeException thrown) {
    StringWriter err = new StringWriter();
    int code = new CommandLine(new Throwing(thrown)).setErr(new PrintWriter(err, true))
        .setExecutionExceptionHandler(new FailureHandler()).execute();
    return new String[] {Integer.toString(code), err.toString()};
  }

  @Test
  void badInputIsSaidInItsOwnWordsAndExitsTwo() {
    String[] r = run(new IllegalArgumentException("there is no policy called 'boxx'"));
    assertEquals("2", r[0]);
    assertEquals("helper-lab probe: there is no policy called 'boxx'", r[1].strip());
  }

  @Test
  void aDefectIsNotPassedOffAsBadInput() {
    String[] r = run(new NullPointerException());
    assertEquals("1", r[0]);
    assertTrue(r[1].startsWith("helper-lab probe: stopped by an internal error"), r[1]);
    assertFalse(r[1].contains("helper-lab probe: null"), r[1]);
  }

  @Test
  void theVersionComesFromTheManifestOrSaysItIsADevelopmentBuild() {
    CliRun r = CliRun.of("--version");
    assertEquals(0, r.code());
    assertTrue(r.out().startsWith("helper-lab "), r.out());
    assertTrue(r.out().contains("development build"), "run from classes, no manifest says a version: " + r.out());
  }
}
