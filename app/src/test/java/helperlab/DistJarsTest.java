package helperlab;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The desktop jars {@code mvn -Pdist verify} builds (run there, after the jars; tag "dist"): each holds its own
 * platform's JavaFX, byte for byte (classes and natives, the glass library among them), no native library of another
 * platform's JavaFX at its root and no entry twice. The two Macs' glass libraries share a name, so theirs are also told apart by the
 * processor their Mach-O header names.
 */
@Tag("dist")
class DistJarsTest {
  private static final Path TARGET = Path.of("target");

  @ParameterizedTest
  @ValueSource(strings = {"linux", "win", "mac", "mac-aarch64"})
  void eachJarHoldsItsPlatformsJavaFxAndNoOtherNatives(String platform) throws IOException {
    Path jar = TARGET.resolve("helper-lab-" + platform + ".jar");
    assertTrue(Files.isRegularFile(jar), jar + " was not built");
    List<Path> fx = javaFxJars(platform);
    assertEquals(4, fx.size(), "base, graphics, controls and fxml for " + platform + " on the class path: " + fx);
    Set<String> natives = new HashSet<>();
    try (ZipFile shaded = new ZipFile(jar.toFile())) {
      for (Path part : fx) {
        try (ZipFile own = new ZipFile(part.toFile())) {
          for (ZipEntry e : own.stream().toList()) {
            if (e.isDirectory() || e.getName().startsWith("META-INF/") || e.getName().endsWith("module-info.class")) {
              continue;
            }
            if (isNative(e.getName())) {
              natives.add(e.getName());
            }
            ZipEntry mine = shaded.getEntry(e.getName());
            assertTrue(mine != null, jar + " lacks " + e.getName() + " of " + part.getFileName());
            assertArrayEquals(bytes(own, e), bytes(shaded, mine),
                jar + ": " + e.getName() + " is not " + part.getFileName() + "'s (another platform's won)");
          }
        }
      }
      assertTrue(natives.contains(glass(platform)), platform + "'s JavaFX has no " + glass(platform) + ": " + natives);
      for (ZipEntry e : shaded.stream().toList()) {
        // JavaFX's natives sit at the jar's root, where one platform's would shadow another's (a library that keeps
        // one folder per system, as jline's does, picks its own at run time)
        assertFalse(isNative(e.getName()) && !e.getName().contains("/") && !natives.contains(e.getName()),
            jar + " holds " + e.getName() + ", a native library not of " + platform + "'s JavaFX");
      }
      if (platform.startsWith("mac")) {
        assertEquals(platform.equals("mac") ? "x86_64" : "arm64", machOCpu(bytes(shaded, shaded.getEntry(glass(platform)))),
            jar + "'s " + glass(platform));
      }
    }
    assertEquals(List.of(), twice(jar), jar + ": entries written twice");
  }

  private static String glass(String platform) {
    return switch (platform) {
      case "linux" -> "libglass.so";
      case "win" -> "glass.dll";
      default -> "libglass.dylib";
    };
  }

  private static boolean isNative(String name) {
    return name.endsWith(".so") || name.endsWith(".dll") || name.endsWith(".dylib");
  }

  /** The platform's JavaFX jars on this build's class path (the dist profile puts all four platforms' there). */
  private static List<Path> javaFxJars(String platform) {
    List<Path> jars = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      String name = Path.of(entry).getFileName().toString();
      // javafx-swing is the window tests' (their snapshots), never shaded: no main class uses it
      if (name.startsWith("javafx-") && !name.startsWith("javafx-swing-") && name.endsWith("-" + platform + ".jar")) {
        jars.add(Path.of(entry));
      }
    }
    return jars;
  }

  private static byte[] bytes(ZipFile zip, ZipEntry e) throws IOException {
    try (InputStream in = zip.getInputStream(e)) {
      return in.readAllBytes();
    }
  }

  /** Names the jar holds more than once (the central directory of a zip may repeat a name; ZipFile shows one). */
  private static List<String> twice(Path jar) throws IOException {
    Map<String, Integer> seen = new HashMap<>();
    try (ZipInputStream in = new ZipInputStream(Files.newInputStream(jar))) {
      for (ZipEntry e = in.getNextEntry(); e != null; e = in.getNextEntry()) {
        seen.merge(e.getName(), 1, Integer::sum);
      }
    }
    return seen.entrySet().stream().filter(e -> e.getValue() > 1).map(Map.Entry::getKey).sorted().toList();
  }

  /** The processor a thin 64-bit Mach-O file is for (its header's cputype), or what the header is instead. */
  static String machOCpu(byte[] file) {
    ByteBuffer b = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
    int magic = b.getInt(0);
    if (magic != 0xfeedfacf) {
      return "not a thin 64-bit Mach-O file (magic " + Integer.toHexString(magic) + ", first bytes "
          + Arrays.toString(Arrays.copyOf(file, 8)) + ")";
    }
    int cpu = b.getInt(4);
    return switch (cpu) {
      case 0x01000007 -> "x86_64";
      case 0x0100000c -> "arm64";
      default -> "cpu type " + Integer.toHexString(cpu);
    };
  }
}
