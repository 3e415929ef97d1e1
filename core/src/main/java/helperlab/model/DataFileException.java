package helperlab.model;

/** A data file that cannot be used; the message names the file, the field and the fault. */
public final class DataFileException extends RuntimeException {
  public DataFileException(String message) {
    super(message);
  }
}
