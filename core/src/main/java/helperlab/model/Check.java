package helperlab.model;

/** Argument checks whose messages name the offending field, as data files are read. */
final class Check {
  private Check() {}

  static void positive(String field, double value) {
    if (!(value > 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(field + " must be a positive number, got " + value);
    }
  }

  static void nonNegative(String field, double value) {
    if (!(value >= 0) || Double.isInfinite(value)) {
      throw new IllegalArgumentException(field + " must be zero or more, got " + value);
    }
  }

  static void finite(String field, double value) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException(field + " must be a finite number, got " + value);
    }
  }

  static void fraction(String field, double value) {
    if (!(value >= 0 && value <= 1)) {
      throw new IllegalArgumentException(field + " must be between 0 and 1, got " + value);
    }
  }

  static String name(String field, String value) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(field + " must be a non-empty name");
    }
    if (!value.matches("[A-Za-z0-9._-]{1,64}")) {
      throw new IllegalArgumentException(
          field + " must use only letters, digits, '.', '_' or '-' (at most 64), got '" + value + "'");
    }
    return value;
  }
}
