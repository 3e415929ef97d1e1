package helperlab.cli;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How far a calibration has got, read from the lines it prints (the calibrator in the cage has no progress hook of
 * its own): its stages in the order it runs them, and the concurrency ladder's levels one by one, which are most of
 * its time (each {@code --seconds-per-level} long). The ladder climbs to four times the quota in workers, or stops
 * earlier where memory would not hold them; a stop jumps the count to the ladder's end.
 */
final class CalibrationSteps {
  /** What the calibrator prints as each stage ends, before the concurrency ladder. */
  private static final List<String> BEFORE_LADDER = List.of("the host before", "calibrating in", "worker start-up",
      "speed probe", "a fresh worker's images", "cost curve");
  /** ... and after it. */
  private static final List<String> AFTER_LADDER = List.of("contention", "the host after");
  private static final Pattern LEVEL = Pattern.compile("^ {2}(\\d+) worker\\(s\\):");
  /** The ladder's top, in quotas (ConcurrencyLadder's). */
  static final double LADDER_QUOTAS = 4;

  private final int levels;

  CalibrationSteps(double cpus) {
    this.levels = Math.max(1, (int) Math.ceil(LADDER_QUOTAS * cpus));
  }

  /** Steps in all: the stages, each level of the ladder, and the verdict. */
  long total() {
    return BEFORE_LADDER.size() + levels + AFTER_LADDER.size() + 1;
  }

  /** The steps done once {@code line} is printed, or -1 when it marks no step. */
  long doneAfter(String line) {
    for (int i = 0; i < BEFORE_LADDER.size(); i++) {
      if (line.startsWith(BEFORE_LADDER.get(i))) {
        return i + 1;
      }
    }
    Matcher m = LEVEL.matcher(line);
    if (m.find()) {
      return BEFORE_LADDER.size() + Math.min(levels, Integer.parseInt(m.group(1)));
    }
    if (line.contains("the concurrency ladder stops here")) {
      return BEFORE_LADDER.size() + levels;
    }
    for (int i = 0; i < AFTER_LADDER.size(); i++) {
      if (line.startsWith(AFTER_LADDER.get(i))) {
        return BEFORE_LADDER.size() + levels + i + 1;
      }
    }
    if (line.startsWith("steady") || line.startsWith("doubtful")) {
      return total();
    }
    return -1;
  }

  /** A few words for the bar: the stage the calibration is in after {@code done} steps. */
  String stage(long done) {
    if (done < BEFORE_LADDER.size()) {
      return switch ((int) done) {
        case 0 -> "sample images, reading the host";
        case 1 -> "making the cage";
        case 2 -> "timing fresh workers";
        case 3 -> "the cost ladder";
        case 4 -> "presets, a fresh worker's images";
        default -> "fitting the cost curve";
      };
    }
    if (done < BEFORE_LADDER.size() + levels) {
      return "concurrency: " + (done - BEFORE_LADDER.size() + 1) + " worker(s)";
    }
    return "reading the host again";
  }
}
