package helperlab.cli;

import java.math.BigInteger;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Whole-number options read in plain words: "'99999999999999999999' is too large: the largest is 9223372036854775807"
 * rather than "is not a long".
 */
final class WholeNumbers {
  private WholeNumbers() {}

  static final ITypeConverter<Long> LONG = text -> parse(text, Long.MIN_VALUE, Long.MAX_VALUE);
  static final ITypeConverter<Integer> INT = text -> (int) parse(text, Integer.MIN_VALUE, Integer.MAX_VALUE);

  static long parse(String text, long min, long max) {
    BigInteger value;
    try {
      value = new BigInteger(text.strip());
    } catch (NumberFormatException e) {
      throw new TypeConversionException("'" + text + "' is not a whole number");
    }
    if (value.compareTo(BigInteger.valueOf(max)) > 0) {
      throw new TypeConversionException("'" + text + "' is too large: the largest is " + max);
    }
    if (value.compareTo(BigInteger.valueOf(min)) < 0) {
      throw new TypeConversionException("'" + text + "' is too small: the smallest is " + min);
    }
    return value.longValue();
  }
}
