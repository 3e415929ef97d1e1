package helperlab.policy;

import java.util.Arrays;
import java.util.stream.Collectors;

/** How the service decides whether to take a batch. */
public enum AdmissionMode {
  /** Admit only if the earliest-deadline schedule of all admitted work, with this batch, still fits. */
  EDF_FIT("edf-fit"),
  /** The old way: a flat per-preset average per image, with everything admitted counted ahead. */
  FLAT("flat"),
  /** Half of the old way: flat per-preset prices, placed by the earliest-deadline fit (claim 5 taken apart). */
  FLAT_PRICES("flat-prices"),
  /** The other half: each image's own forecast, each batch placed behind all admitted work. */
  FIRST_COME("first-come"),
  /** Take everything. */
  NONE("none");

  private final String id;

  AdmissionMode(String id) {
    this.id = id;
  }

  public String id() {
    return id;
  }

  public static AdmissionMode of(String id) {
    for (AdmissionMode m : values()) {
      if (m.id.equals(id)) {
        return m;
      }
    }
    throw new IllegalArgumentException("unknown admission '" + id + "'; known: "
        + Arrays.stream(values()).map(AdmissionMode::id).collect(Collectors.joining(", ")));
  }
}
