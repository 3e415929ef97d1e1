package helperlab.protocol.ctl;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The lines of ctl's answer to {@code calibrate}: progress lines as the measuring goes, then one {@code done} line,
 * the result put in place ({@link Done}) or refused ({@link Refused}: a doubtful result that did not replace a steady
 * calibration; {@code ok} false so a script sees it fail). Each keeps the field order the cage has always written.
 */
public final class CalibrationLine {
  public static final String PROGRESS = "progress";
  public static final String DONE = "done";

  private CalibrationLine() {}

  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Progress(
      @JsonProperty("ok") boolean ok,
      @JsonProperty("type") String type,
      @JsonProperty("line") String line) {
    public static Progress of(String line) {
      return new Progress(true, PROGRESS, line);
    }

    @com.fasterxml.jackson.annotation.JsonIgnore
    public boolean isProgress() {
      return PROGRESS.equals(type);
    }
  }

  /** The calibration in use now: its name, whether it was measured here, its file, how long it took. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Done(
      @JsonProperty("ok") boolean ok,
      @JsonProperty("type") String type,
      @JsonProperty("doubtful") boolean doubtful,
      @JsonProperty("doubts") List<String> doubts,
      @JsonProperty("message") String message,
      @JsonProperty("calibration") String calibration,
      @JsonProperty("calibrated") boolean calibrated,
      @JsonProperty("file") String file,
      @JsonProperty("seconds") double seconds) {
    public Done {
      doubts = doubts == null ? List.of() : List.copyOf(doubts);
    }
  }

  /** A doubtful result kept aside ({@code file}); the cage's own calibration stays. */
  @JsonIgnoreProperties(ignoreUnknown = true)
  public record Refused(
      @JsonProperty("ok") boolean ok,
      @JsonProperty("error") String error,
      @JsonProperty("type") String type,
      @JsonProperty("refused") boolean refused,
      @JsonProperty("file") String file,
      @JsonProperty("doubts") List<String> doubts) {
    public Refused {
      doubts = doubts == null ? List.of() : List.copyOf(doubts);
    }

    public static Refused of(String error, String file, List<String> doubts) {
      return new Refused(false, error, DONE, true, file, doubts);
    }
  }
}
