package helperlab.cage.worker;

import helperlab.cage.image.SampleLibrary;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * The resizer's CPU per image, for scripts/bench-resize (which runs vipsthumbnail on the same files):
 * {@code make DIR} writes the images (the sample library's photos and the kinds people send);
 * {@code run DIR EDGE ROUNDS [SET...]} resizes each file of the sets (sub-directories; library and kinds
 * unless named) ROUNDS times (and for at least 200 ms of CPU) in this JVM, warm (the JIT idle over a whole pass),
 * and prints, per file,
 * the process CPU milliseconds per resize (every thread: decoding, GC, JIT), as the worker pays it;
 * {@code run-jdk ...} the same with JPEGs through the JDK's decoder even where libjpeg-turbo is (the control: the
 * worker as it was before {@link JpegScaledDecoder}, measured in the same session);
 * {@code mean FILE} prints an image's size and mean colour (to set outputs side by side).
 */
public final class ResizeBench {
  private ResizeBench() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[1]);
    switch (args[0]) {
      case "make" -> make(dir);
      case "run", "run-jdk" -> run(dir, Integer.parseInt(args[2]), Integer.parseInt(args[3]),
          args.length > 4 ? List.of(args).subList(4, args.length) : List.of("library", "kinds"), System.out,
          args[0].equals("run"));
      case "mean" -> mean(dir);
      default -> throw new IllegalArgumentException("make DIR | run[-jdk] DIR EDGE ROUNDS [SET...] | mean FILE");
    }
  }

  static void make(Path dir) throws IOException {
    Path library = dir.resolve("library");
    if (!Files.exists(library.resolve(SampleLibrary.MANIFEST))) {
      SampleLibrary.generate(library, 8, 0.3, 24, 1);
    }
    Path kinds = Files.createDirectories(dir.resolve("kinds"));
    ImageCorpus.phoneJpeg(kinds.resolve("phone-12mp-orientation6.jpg"), 4000, 3000, 6);
    ImageCorpus.cmykJpeg(kinds.resolve("print-8mp-cmyk.jpg"), 3264, 2448, false, null);
    ImageCorpus.cmykJpeg(kinds.resolve("print-8mp-ycck.jpg"), 3264, 2448, true, null);
    ImageIO.write(ImageCorpus.inAdobeRgb(3264, 2448), "jpeg", kinds.resolve("camera-8mp-adobergb.jpg").toFile());
    ImageCorpus.png16(kinds.resolve("scan-4mp-16bit.png"), 2400, 1600);
    ImageCorpus.rgbaPng(kinds.resolve("logo-2mp-rgba.png"), 1800, 1200);
    ImageCorpus.palettePng(kinds.resolve("chart-2mp-palette.png"), 1800, 1200);
    java.nio.file.Files.write(kinds.resolve("panorama-16000x1000.jpg"), ImageCorpus.jpeg(ImageCorpus.shown(16000, 1000)));
  }

  static List<Path> files(Path dir, List<String> sets) throws IOException {
    List<Path> all = new ArrayList<>();
    for (String sub : sets) {
      try (var s = Files.list(dir.resolve(sub))) {
        s.filter(p -> p.toString().endsWith(".jpg") || p.toString().endsWith(".png")).sorted().forEach(all::add);
      }
    }
    return all;
  }

  static void run(Path dir, int edge, int rounds, List<String> sets, PrintStream out, boolean scaledJpeg)
      throws IOException {
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    ProcessCpuClock clock = new ProcessCpuClock(); // to the nanosecond; the JVM's own clock counts 10 ms ticks
    Resizer resizer = new Resizer(100_000_000L, w -> { }, scaledJpeg);
    System.err.println("resize bench at " + edge + " px: JPEGs decoded by "
        + (scaledJpeg ? Resizer.jpegDecoder() : "the JDK's (the control)"));
    Path outDir = Files.createDirectories(dir.resolve((scaledJpeg ? "java-" : "jdk-") + edge));
    List<Path> files = files(dir, sets);
    java.lang.management.CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    // The worker is warm when it meets an image: passes over every file until one pass leaves the JIT
    // idle (at most 10), so no compile still running lands on the first files measured (process CPU counts
    // the compiler threads too, and a file of 1 ms measured over a few rounds took their work for its own).
    for (int warm = 0; warm < 10; warm++) {
      long compiled = jit.getTotalCompilationTime();
      for (Path f : files) {
        resize(resizer, f, outDir.resolve("warm-" + f.getFileName()), edge);
      }
      if (warm >= 1 && jit.getTotalCompilationTime() == compiled) {
        break;
      }
    }
    for (Path f : files) {
      long precise0 = clock.nanos();
      long cpu0 = os.getProcessCpuTime();
      int done = 0;
      // at least ROUNDS, and at least MIN_SPAN_NS of CPU, so a 1 ms file is not judged on 3 ms
      while (done < rounds || spent(clock, os, precise0, cpu0) < MIN_SPAN_NS) {
        resize(resizer, f, outDir.resolve(f.getFileName()), edge);
        done++;
      }
      double ms = spent(clock, os, precise0, cpu0) / 1e6 / done;
      out.printf(Locale.ROOT, "%s\t%s\t%.2f%n", f.getParent().getFileName(), f.getFileName(), ms);
    }
  }

  /** CPU a file's measurement may not be shorter than. */
  private static final long MIN_SPAN_NS = 200_000_000L;

  private static long spent(ProcessCpuClock clock, com.sun.management.OperatingSystemMXBean os, long precise0, long cpu0) {
    long precise = clock.nanos();
    return precise0 >= 0 && precise >= precise0 ? precise - precise0 : os.getProcessCpuTime() - cpu0;
  }

  private static void resize(Resizer resizer, Path f, Path target, int edge) throws IOException {
    Files.deleteIfExists(target);
    resizer.resizeFile(f, target, edge);
  }

  static void mean(Path file) throws IOException {
    BufferedImage img = ImageIO.read(file.toFile());
    long r = 0;
    long g = 0;
    long b = 0;
    for (int y = 0; y < img.getHeight(); y++) {
      for (int x = 0; x < img.getWidth(); x++) {
        int p = img.getRGB(x, y);
        r += p >> 16 & 0xff;
        g += p >> 8 & 0xff;
        b += p & 0xff;
      }
    }
    long n = (long) img.getWidth() * img.getHeight();
    System.out.printf(Locale.ROOT, "%dx%d\t%.0f,%.0f,%.0f%n", img.getWidth(), img.getHeight(), (double) r / n,
        (double) g / n, (double) b / n);
  }
}
