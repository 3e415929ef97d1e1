package helperlab.charts.export;

import java.nio.file.Path;
import java.util.Locale;

/** What an export writes, from the output file's extension. */
public enum ExportFormat {
  PNG("png"), SVG("svg"), CSV("csv");

  private final String extension;

  ExportFormat(String extension) {
    this.extension = extension;
  }

  public String extension() {
    return extension;
  }

  public static ExportFormat of(Path file) {
    String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
    for (ExportFormat f : values()) {
      if (name.endsWith("." + f.extension)) {
        return f;
      }
    }
    throw new IllegalArgumentException("cannot tell the format of '" + file
        + "': the file name must end in .png, .svg or .csv");
  }
}
