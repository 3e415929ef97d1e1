package helperlab.lab.viewmodel;

import java.time.LocalTime;

/** A message for the user: an error (shown in the window's banner until dismissed) or information. */
public record Notice(Level level, String text, LocalTime at) {
  public enum Level { INFO, ERROR }

  public boolean isError() {
    return level == Level.ERROR;
  }
}
