package helperlab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No product source file over 400 lines (docs/ARCHITECTURE.md, "Conventions"): past that a class does more than one
 * job, and a reader cannot hold it. Counted over every src/main/java below the folder the tests run in.
 */
class SourceSizeTest {
  static final int MAX_LINES = 400;

  @Test
  void noMainFileIsOver400Lines() throws IOException {
    List<Path> roots;
    try (Stream<Path> dirs = Files.walk(Path.of("."), 4)) {
      roots = dirs.filter(d -> d.endsWith(Path.of("src", "main", "java")) && Files.isDirectory(d))
          .filter(d -> !d.toString().contains("target")).toList();
    }
    assertFalse(roots.isEmpty(), "no src/main/java below " + Path.of(".").toAbsolutePath());
    List<String> tooLong = new ArrayList<>();
    for (Path root : roots) {
      try (Stream<Path> files = Files.walk(root)) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
          long lines;
          try (Stream<String> l = Files.lines(f)) {
            lines = l.count();
          }
          if (lines > MAX_LINES) {
            tooLong.add(f + " (" + lines + " lines)");
          }
        }
      }
    }
    assertEquals(List.of(), tooLong);
  }
}
