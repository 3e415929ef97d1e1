package helperlab.sim;

import helperlab.model.RunEvent;
import helperlab.model.RunMetrics;
import helperlab.model.Samples;
import helperlab.model.Task;
import java.util.List;

/**
 * What a simulated run produced: its metrics, and when recording, every event and the sampled
 * series; plus the engine's own counts (events processed, CPU the machine gave out) for checks.
 */
public record SimResult(
    SimSetup setup, RunMetrics metrics, List<RunEvent> events, Samples samples, long steps, double cpuTotalS,
    double endS, List<Task> tasks) {}
