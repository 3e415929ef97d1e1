package helperlab.model;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.io.EOFException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.zip.ZipException;

/**
 * A failure to read a data file put into one plain sentence: the file, the field where it is known, and what is
 * wrong in the words of someone who opened the file, never a parser's or a class's name.
 */
final class ReadFailure {
  private static final Pattern FOUND_TEXT = Pattern.compile("from String \"(.*?)\"|String value \\('(.*?)'\\)");
  private static final Pattern OUT_OF_RANGE = Pattern.compile("Numeric value \\((.*?)\\) out of range of (int|long)");
  private static final Pattern FOUND_KIND = Pattern.compile("from (\\w+)(?:[- ]\\w+)? value");
  /** What a library says in its own words; never shown as it is. */
  private static final Pattern LIBRARY_WORDS = Pattern.compile("`|Cannot |Unexpected |deserializ|Creator|token|"
      + "\\b(java|com|helperlab)\\.|Exception|\\bnull\\b|because \"");

  private ReadFailure() {}

  static DataFileException explain(String source, Throwable e) {
    if (e instanceof DataFileException d) {
      return d;
    }
    if (e instanceof NoSuchFileException) {
      return new DataFileException(source + ": no such file");
    }
    if (e instanceof AccessDeniedException) {
      return new DataFileException(source + ": no permission to read it");
    }
    if (cutShort(e)) {
      return new DataFileException(source + where(e) + (compressed(e)
          ? ": the compressed file ends in the middle of the record (cut off while being written or copied)"
          : ": malformed JSON: it ends in the middle of the record (cut off while being written or copied?)"));
    }
    if (e instanceof ZipException z) {
      return new DataFileException(source + (z.getMessage() != null && z.getMessage().contains("GZIP")
          ? ": the name ends in .gz but the file is not gzip-compressed"
          : ": the compressed data is damaged"));
    }
    if (e instanceof MismatchedInputException m && m.getOriginalMessage().startsWith("No content to map")) {
      return new DataFileException(source + ": the file is empty");
    }
    String range = outOfRange(e);
    if (range != null) {
      return new DataFileException(source + where(e) + ": " + range);
    }
    if (e instanceof JsonMappingException m) {
      return new DataFileException(source + field(m) + ": " + mismatch(m));
    }
    if (e instanceof JsonProcessingException p) {
      JsonLocation at = p.getLocation();
      return new DataFileException(source + ": malformed JSON"
          + (at != null && at.getLineNr() > 0 ? " at line " + at.getLineNr() + ", column " + at.getColumnNr() : "")
          + " (not a JSON file, or damaged there)");
    }
    String m = e.getMessage();
    return new DataFileException(source + ": cannot read it"
        + (m == null || LIBRARY_WORDS.matcher(m).find() ? "" : " (" + m + ")"));
  }

  /**
   * A number too large (or too small) for its field, in words ("99999999999 is too large: this field takes whole numbers
   * up to 2147483647"), or null when that is not what went wrong.
   */
  private static String outOfRange(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof InputCoercionException c) {
        Matcher m = OUT_OF_RANGE.matcher(c.getOriginalMessage() == null ? "" : c.getOriginalMessage());
        if (m.find()) {
          String value = m.group(1);
          boolean small = value.startsWith("-");
          long limit = "int".equals(m.group(2)) ? (small ? Integer.MIN_VALUE : Integer.MAX_VALUE)
              : (small ? Long.MIN_VALUE : Long.MAX_VALUE);
          return value + " is too " + (small ? "small" : "large") + ": this field takes whole numbers "
              + (small ? "down to " : "up to ") + limit;
        }
        return "the number is out of the range this field takes";
      }
    }
    return null;
  }

  /** The stream ended early: a truncated gzip file (whose cause is buried in a mapping failure) or JSON text. */
  private static boolean cutShort(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof EOFException || t instanceof JsonEOFException) {
        return true;
      }
      if (t instanceof JsonProcessingException p && p.getOriginalMessage() != null
          && p.getOriginalMessage().startsWith("Unexpected end-of-input")) {
        return true;
      }
    }
    return false;
  }

  private static boolean compressed(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof EOFException) {
        return true;
      }
    }
    return false;
  }

  private static String where(Throwable e) {
    StringBuilder s = new StringBuilder();
    if (e instanceof JsonMappingException m && !m.getPath().isEmpty()) {
      s.append(field(m));
    }
    return s.toString();
  }

  private static String field(JsonMappingException m) {
    String path = m.getPath().stream()
        .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
        .collect(Collectors.joining(".")).replace(".[", "[");
    return path.isEmpty() ? "" : " at '" + path + "'";
  }

  private static String mismatch(JsonMappingException m) {
    if (m instanceof UnrecognizedPropertyException u) {
      return "unknown field '" + u.getPropertyName() + "'";
    }
    if (m instanceof ValueInstantiationException v) {
      Throwable cause = v.getCause();
      String why = cause == null ? null : cause.getMessage();
      return why == null || cause instanceof NullPointerException || LIBRARY_WORDS.matcher(why).find()
          ? "a required value is missing or empty" : why;
    }
    String original = m.getOriginalMessage() == null ? "" : m.getOriginalMessage();
    if (original.startsWith("Missing required creator property")) {
      return original.replace("Missing required creator property", "missing required field")
          .replaceAll("\\s*\\(index \\d+\\)", "");
    }
    if (m instanceof MismatchedInputException mi) {
      String expected = expected(mi.getTargetType());
      String found = found(m, original);
      if (m.getPath().isEmpty() && expected.equals("a run record")) {
        return "not a run record: it holds " + found;
      }
      return "should be " + expected + ", found " + found;
    }
    return LIBRARY_WORDS.matcher(original).find() ? "this value cannot be read" : original;
  }

  private static String found(JsonMappingException m, String original) {
    if (m instanceof InvalidFormatException f && f.getValue() != null) {
      return "'" + f.getValue() + "'";
    }
    Matcher text = FOUND_TEXT.matcher(original);
    if (text.find()) {
      return "'" + (text.group(1) != null ? text.group(1) : text.group(2)) + "'";
    }
    Matcher kind = FOUND_KIND.matcher(original);
    if (kind.find()) {
      return switch (kind.group(1)) {
        case "Array" -> "a list";
        case "Object" -> "an object { }";
        case "Boolean" -> "true or false";
        case "Null", "null" -> "nothing";
        default -> "a number";
      };
    }
    return "something else";
  }

  private static String expected(Class<?> type) {
    if (type == null) {
      return "another kind of value";
    }
    if (type == double.class || type == float.class || type == Double.class || type == Float.class) {
      return "a number";
    }
    if (type == int.class || type == long.class || type == Integer.class || type == Long.class) {
      return "a whole number";
    }
    if (type == boolean.class || type == Boolean.class) {
      return "true or false";
    }
    if (type == String.class) {
      return "text";
    }
    if (type.isArray() || java.util.Collection.class.isAssignableFrom(type)) {
      return "a list [ ]";
    }
    if (type.isEnum()) {
      return "one of " + java.util.Arrays.stream(type.getEnumConstants()).map(Object::toString)
          .collect(Collectors.joining(", "));
    }
    if (type == RunRecord.class || type == RunRecordJson.class) {
      return "a run record";
    }
    return "an object { }";
  }

  static String expected(JavaType type) {
    return expected(type == null ? null : type.getRawClass());
  }
}
