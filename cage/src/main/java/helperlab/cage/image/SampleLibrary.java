package helperlab.cage.image;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.type.TypeReference;
import helperlab.model.DataFile;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * A library of photo-like JPEGs from small to very large, made reproducibly from a seed (the same
 * seed and sizes give the same bytes), with a manifest; exhibits and the big button map each
 * wanted image to the sample nearest in megapixels.
 */
public final class SampleLibrary {
  public static final String MANIFEST = "samples.json";
  public static final double MIN_MP = 0.3;
  public static final double MAX_MP = 70;

  /** One sample image. */
  public record Sample(
      @JsonProperty(required = true) String file,
      @JsonProperty(required = true) int width,
      @JsonProperty(required = true) int height,
      @JsonProperty(required = true) long bytes) {
    public double megapixels() {
      return (double) width * height / 1e6;
    }
  }

  private final Path dir;
  private final List<Sample> samples;

  private SampleLibrary(Path dir, List<Sample> samples) {
    this.dir = dir;
    this.samples = List.copyOf(samples);
  }

  public Path dir() {
    return dir;
  }

  public List<Sample> samples() {
    return samples;
  }

  public Path path(Sample s) {
    return dir.resolve(s.file());
  }

  /** The measuring library in {@code dir} (16 samples, 0.3 to 70 MP, seed 1), made first if it is not there. */
  public static SampleLibrary openOrMake(Path dir, java.util.function.Consumer<String> say) throws IOException {
    if (!Files.isRegularFile(dir.resolve(MANIFEST))) {
      say.accept("making the sample library (16 photo-like JPEGs, 0.3 to 70 MP) in " + dir);
      generate(dir, 16, MIN_MP, MAX_MP, 1);
    }
    return open(dir);
  }

  /** Reads a library made by {@link #generate}. */
  public static SampleLibrary open(Path dir) {
    Path manifest = dir.resolve(MANIFEST);
    if (!Files.isRegularFile(manifest)) {
      throw new IllegalArgumentException("no sample library in " + dir + " (no " + MANIFEST
          + "); make one with: helper-lab cage samples --out " + dir);
    }
    List<Sample> list;
    try (var in = Files.newInputStream(manifest)) {
      list = DataFile.read(in, manifest.toString(), new TypeReference<List<Sample>>() {});
    } catch (IOException e) {
      throw new IllegalArgumentException(manifest + ": cannot read: " + e.getMessage());
    }
    if (list.isEmpty()) {
      throw new IllegalArgumentException(manifest + ": the library is empty");
    }
    return new SampleLibrary(dir, list);
  }

  /** The sample nearest to {@code megapixels} (by ratio, so 0.3 and 60 MP are matched alike). */
  public Sample nearest(double megapixels) {
    Sample best = null;
    double bestDistance = Double.POSITIVE_INFINITY;
    double target = Math.log(Math.max(megapixels, 1e-6));
    for (Sample s : samples) {
      double d = Math.abs(Math.log(s.megapixels()) - target);
      if (d < bestDistance) {
        best = s;
        bestDistance = d;
      }
    }
    return best;
  }

  /**
   * Makes {@code count} photo-like JPEGs, log-spaced from {@code minMp} to {@code maxMp}, and the
   * manifest. Existing files with the same name are replaced.
   */
  public static SampleLibrary generate(Path dir, int count, double minMp, double maxMp, long seed) throws IOException {
    if (count < 1 || count > 1000) {
      throw new IllegalArgumentException("count must be between 1 and 1000, got " + count);
    }
    if (!(minMp > 0) || !(maxMp >= minMp) || maxMp > 100) {
      throw new IllegalArgumentException("need 0 < min-mp <= max-mp <= 100, got " + minMp + ".." + maxMp);
    }
    Files.createDirectories(dir);
    List<Sample> list = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      double mp = count == 1 ? minMp : Math.exp(Math.log(minMp) + (Math.log(maxMp) - Math.log(minMp)) * i / (count - 1));
      int w = (int) Math.round(Math.sqrt(mp * 1e6 * 4 / 3));
      int h = (int) Math.round(mp * 1e6 / w);
      String name = String.format(Locale.ROOT, "sample-%02d-%.1fmp.jpg", i, (double) w * h / 1e6);
      Path file = dir.resolve(name);
      Path tmp = dir.resolve("." + name + ".tmp");
      try (OutputStream out = Files.newOutputStream(tmp)) {
        Jpeg.write(photo(w, h, new SplittableRandom(seed * 1_000_003L + i)), out, 0.9f);
      }
      Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
          java.nio.file.StandardCopyOption.ATOMIC_MOVE);
      list.add(new Sample(name, w, h, Files.size(file)));
    }
    DataFile.write(dir.resolve(MANIFEST), list);
    return new SampleLibrary(dir, list);
  }

  /**
   * A photo-like picture: a sky-to-ground gradient, soft light, and value noise over several octaves
   * (so it compresses like a photo, not like a flat test card).
   */
  public static BufferedImage photo(int w, int h, SplittableRandom random) {
    BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_3BYTE_BGR);
    byte[] px = ((DataBufferByte) img.getRaster().getDataBuffer()).getData();
    int[] cells = {8, 32, 128};
    float[][] lattices = new float[cells.length][];
    for (int o = 0; o < cells.length; o++) {
      lattices[o] = new float[(cells[o] + 2) * (cells[o] + 2)];
      for (int k = 0; k < lattices[o].length; k++) {
        lattices[o][k] = (float) random.nextDouble();
      }
    }
    double sunX = random.nextDouble();
    double sunY = random.nextDouble() * 0.4;
    double horizon = 0.4 + random.nextDouble() * 0.3;
    int grain = random.nextInt();
    for (int y = 0; y < h; y++) {
      double fy = (double) y / h;
      int row = y * w * 3;
      for (int x = 0; x < w; x++) {
        double fx = (double) x / w;
        double n = 0.55 * noise(lattices[0], cells[0], fx, fy) + 0.3 * noise(lattices[1], cells[1], fx, fy)
            + 0.15 * noise(lattices[2], cells[2], fx, fy);
        double dx = fx - sunX;
        double dy = fy - sunY;
        double light = 1.0 / (1 + 8 * (dx * dx + dy * dy));
        double r;
        double g;
        double b;
        if (fy < horizon + 0.08 * (n - 0.5)) {
          r = 90 + 80 * n + 90 * light;
          g = 130 + 60 * n + 80 * light;
          b = 190 + 50 * n + 40 * light;
        } else {
          r = 70 + 120 * n + 30 * light;
          g = 90 + 100 * n + 20 * light;
          b = 40 + 60 * n;
        }
        int hash = (x * 73856093) ^ (y * 19349663) ^ grain;
        double noiseGrain = ((hash >>> 8) & 15) - 7.5;
        int i = row + x * 3;
        px[i] = (byte) clamp(b + noiseGrain);
        px[i + 1] = (byte) clamp(g + noiseGrain);
        px[i + 2] = (byte) clamp(r + noiseGrain);
      }
    }
    return img;
  }

  private static double noise(float[] lattice, int cells, double fx, double fy) {
    double gx = fx * cells;
    double gy = fy * cells;
    int ix = (int) gx;
    int iy = (int) gy;
    double tx = gx - ix;
    double ty = gy - iy;
    tx = tx * tx * (3 - 2 * tx);
    ty = ty * ty * (3 - 2 * ty);
    int stride = cells + 2;
    double a = lattice[iy * stride + ix];
    double b = lattice[iy * stride + ix + 1];
    double c = lattice[(iy + 1) * stride + ix];
    double d = lattice[(iy + 1) * stride + ix + 1];
    return (a + (b - a) * tx) + ((c + (d - c) * tx) - (a + (b - a) * tx)) * ty;
  }

  private static int clamp(double v) {
    return v < 0 ? 0 : v > 255 ? 255 : (int) v;
  }
}
