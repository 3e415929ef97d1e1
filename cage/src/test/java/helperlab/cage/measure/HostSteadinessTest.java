package helperlab.cage.measure;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The host check beside real CPU hogs ({@code stress-ng --cpu N}, one per CPU): a thread that only
 * computes then shares every CPU with a hog, so it waits for one a third of the time or more on two
 * CPUs, whatever else runs (more load only makes it wait longer); the check records that wait and
 * calls the host noisy. No quiet case here: a shared machine is never reliably quiet (the judge's quiet
 * cases are tested on recorded figures in {@link CalibrationCheckTest}).
 */
class HostSteadinessTest {
  @Test
  void aHostWithAHogOnEveryCpuIsRecordedAsNoisy() throws Exception {
    HostCheck h;
    try (CpuHogs hogs = CpuHogs.start()) {
      h = HostSteadiness.measure(2);
    }
    System.out.println("beside stress-ng: " + h.summary() + "; slices " + h.slices());
    assertTrue(h.waitShare() > HostCheck.WAIT_LIMIT, "the spinner's wait for a CPU was recorded: " + h);
    assertFalse(h.slices().isEmpty(), h.toString());
    List<String> doubts = h.doubts(1.5);
    assertTrue(doubts.stream().anyMatch(d -> d.startsWith("a thread that only computes waited for a CPU")),
        "noisy, and says why: " + doubts);
  }
}
