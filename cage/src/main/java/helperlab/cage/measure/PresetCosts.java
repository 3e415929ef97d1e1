package helperlab.cage.measure;

import helperlab.cage.image.SampleLibrary;
import helperlab.cage.limits.CgroupCage;
import helperlab.cage.worker.WorkerLauncher;
import helperlab.model.Preset;
import helperlab.model.PresetCatalog;
import helperlab.model.SampleCost;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/** Each preset's cost against web's over the whole ladder, and the samples with their own ratios. */
record PresetCosts(Map<String, Double> factors, List<SampleCost> samples) {
  /**
   * Each preset's cost against web's, on the same samples and a warm worker: over the ladder, the sum of
   * its mean costs over web's (the forecasts use it), and on each sample, its mean cost over that sample's
   * web cost (the simulator charges a known sample that): a thumbnail decodes a large photo at a fraction
   * of its pixels, so costs far less, but of a small photo costs as much as its web size or more.
   */
  static PresetCosts measure(WorkerLauncher launcher, CgroupCage cage, SampleLibrary lib, List<SampleCost> web, Path data,
      int reps, Consumer<String> say) throws IOException {
    Map<String, Double> factors = new TreeMap<>();
    List<Map<String, Double>> bySample = new ArrayList<>();
    web.forEach(c -> bySample.add(new TreeMap<>()));
    Path target = data.resolve("run").resolve("calibration-preset-out");
    try (BenchWorker w = new BenchWorker(launcher, launcher.usesArchive(), cage)) {
      for (Preset preset : PresetCatalog.defaults().all()) {
        if (preset.name().equals("web")) {
          continue;
        }
        double sumPreset = 0;
        double sumWeb = 0;
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < web.size(); i++) {
          SampleCost c = web.get(i);
          SampleLibrary.Sample s = sampleOf(lib, c);
          double sum = 0;
          int n = 0;
          while (n < reps || (sum < 0.5 && n < 25)) {
            sum += w.resize(lib.path(s), target, preset.longEdge()).cpuS();
            n++;
          }
          double ms = sum / n * 1000;
          sumPreset += ms;
          sumWeb += c.ms();
          bySample.get(i).put(preset.name(), ms / c.ms());
          line.append(String.format(Locale.ROOT, " %.2f", ms / c.ms()));
        }
        double f = sumPreset / sumWeb;
        factors.put(preset.name(), f);
        say.accept(String.format(Locale.ROOT, "preset %s (long edge %d): %.3f x web's cost; by sample, smallest first:%s", preset.name(),
            preset.longEdge(), f, line));
      }
    }
    List<SampleCost> samples = new ArrayList<>();
    for (int i = 0; i < web.size(); i++) {
      SampleCost c = web.get(i);
      samples.add(new SampleCost(c.width(), c.height(), c.ms(), bySample.get(i)));
    }
    return new PresetCosts(factors, samples);
  }

  /** The library's sample a ladder cost was measured on. */
  static SampleLibrary.Sample sampleOf(SampleLibrary lib, SampleCost c) {
    return lib.samples().stream().filter(s -> s.width() == c.width() && s.height() == c.height()).findFirst()
        .orElseThrow();
  }
}
