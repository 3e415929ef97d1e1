package helperlab.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * An output size and the deadline a batch of it is promised: a base, plus an allowance for the batch's
 * own work — {@code deadline_work_allowance} times the seconds one core of the serving machine is forecast
 * to need for the batch's images (their dimensions by the calibration's curve, with this preset). With an
 * allowance of 1 a batch that had one core to itself from arrival meets its deadline with the base to
 * spare, whatever its size or preset.
 */
public record Preset(
    @JsonProperty(required = true) String name,
    @JsonProperty(value = "long_edge", required = true) int longEdge,
    @JsonProperty(value = "deadline_base_s", required = true) double deadlineBaseS,
    @JsonProperty(value = "deadline_work_allowance", required = true) double deadlineWorkAllowance) {

  public Preset {
    Check.name("name", name);
    if (longEdge < 16 || longEdge > 16384) {
      throw new IllegalArgumentException("long_edge must be between 16 and 16384 pixels, got " + longEdge);
    }
    Check.nonNegative("deadline_base_s", deadlineBaseS);
    Check.nonNegative("deadline_work_allowance", deadlineWorkAllowance);
    if (deadlineBaseS <= 0) {
      throw new IllegalArgumentException("preset " + name + ": deadline_base_s must be > 0 (a batch needs time to start)");
    }
  }

  /** Seconds from arrival a batch may take whose images are forecast to need {@code forecastWorkS} of one core. */
  public double deadlineWindowS(double forecastWorkS) {
    return deadlineBaseS + deadlineWorkAllowance * forecastWorkS;
  }

  /** This preset with another work allowance (the sensitivity study). */
  public Preset withWorkAllowance(double allowance) {
    return new Preset(name, longEdge, deadlineBaseS, allowance);
  }
}
