package helperlab.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The lab's warm-up list names classes by their names: a class renamed or moved would only be skipped at start-up,
 * silently, and the warm-up would go stale. Here it fails the build instead (scripts/update-warmup-classes rewrites it).
 */
class WarmupClassesTest {
  @Test
  void everyClassTheWarmUpListNamesExists() throws IOException {
    List<String> missing = new ArrayList<>();
    int named = 0;
    ClassLoader loader = LabWarmUp.class.getClassLoader();
    try (InputStream in = LabWarmUp.class.getResourceAsStream("warmup-classes.txt")) {
      assertNotNull(in, "warmup-classes.txt is on the class path beside LabWarmUp");
      BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        String name = line.strip();
        if (name.isEmpty() || name.startsWith("#")) {
          continue;
        }
        named++;
        try {
          Class<?> c = Class.forName(name, false, loader); // loaded, not initialised: no JavaFX toolkit needed
          var source = c.getProtectionDomain().getCodeSource();
          if (source != null && source.getLocation().toString().contains("/test-classes/")) {
            missing.add(name + " (only in the tests or benchmarks, not in the product)");
          }
        } catch (ClassNotFoundException | LinkageError e) {
          missing.add(name);
        }
      }
    }
    assertEquals(List.of(), missing, "of " + named + " classes named, these do not exist"
        + " (run scripts/update-warmup-classes)");
  }
}
