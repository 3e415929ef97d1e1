package helperlab.cli;

import helperlab.charts.ChartKind;
import helperlab.charts.PlottedRun;
import helperlab.charts.export.ChartExport;
import helperlab.charts.style.ChartTheme;
import helperlab.charts.export.ExportFormat;
import helperlab.model.RunRecord;
import helperlab.runs.RunStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code helper-lab export}: a chart of a run (or two overlaid) as PNG, SVG or CSV, without a display. */
@Command(name = "export", mixinStandardHelpOptions = true,
    description = {"Export a chart of a run record, or of two overlaid, as PNG, SVG or CSV (from the file extension).",
        "Works headless: no display or JavaFX needed."})
public final class ExportCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "RUN", description = "a run record file (or the id of one in --runs-dir)")
  String run;

  @Option(names = "--vs", paramLabel = "RUN", description = "a second run to overlay (drawn dashed)")
  String vs;

  @Option(names = "--chart", defaultValue = "all",
      description = "workers, spawns, cpu, deadlines, queue, memory or all (default: ${DEFAULT-VALUE})")
  String chart;

  @Option(names = "--out", required = true, description = "output file: .png, .svg or .csv")
  Path out;

  @Option(names = "--width", description = "picture width in pixels (default: 1200, or 1600 for all)")
  Integer width;

  @Option(names = "--height", description = "picture height in pixels (default: 700, or 1200 for all)")
  Integer height;

  @Option(names = "--theme", defaultValue = "light", description = "light or dark (default: ${DEFAULT-VALUE})")
  String theme;

  @Option(names = "--at", paramLabel = "SECONDS", description = "draw the time cursor at this time")
  Double at;

  @Option(names = "--runs-dir", defaultValue = RunStore.DEFAULT_DIR,
      description = "where run ids are looked up (default: ${DEFAULT-VALUE})")
  Path runsDir;

  @Override
  public Integer call() throws Exception {
    if (!theme.equals("light") && !theme.equals("dark")) {
      throw new IllegalArgumentException("--theme must be light or dark, got '" + theme + "'");
    }
    ChartKind kind = ChartKind.ALL.equalsIgnoreCase(chart) ? null : ChartKind.of(chart);
    ExportFormat.of(out); // fail early on a bad extension
    // a mistyped folder is an error, not a new folder made in the wrong place
    Path folder = out.toAbsolutePath().getParent();
    if (folder != null && !Files.isDirectory(folder)) {
      throw new IllegalArgumentException(Files.exists(folder) ? folder + " is a file, not a folder"
          : "there is no folder " + folder + " to write " + out.getFileName() + " into (export makes no folders)");
    }
    List<PlottedRun> runs = new ArrayList<>();
    runs.add(PlottedRun.of(RunRecord.load(resolve(run))));
    if (vs != null) {
      PlottedRun b = PlottedRun.of(RunRecord.load(resolve(vs)));
      if (b.label().equals(runs.get(0).label())) {
        b = new PlottedRun(b.label() + " (B)", b.samples(), b.memoryLimitMb());
      }
      runs.add(b);
    }
    ChartExport.Request defaults = ChartExport.Request.of(kind, runs);
    ChartExport.Request request = new ChartExport.Request(kind, runs, width == null ? defaults.width() : width,
        height == null ? defaults.height() : height, ChartTheme.named(theme), at == null ? Double.NaN : at);
    ExportFormat f = ChartExport.write(request, out);
    spec.commandLine().getOut().println("wrote " + out + " (" + f.extension() + ", " + (kind == null ? "all charts" : kind.id())
        + (runs.size() > 1 ? ", " + runs.get(0).label() + " vs " + runs.get(1).label() : ", " + runs.get(0).label())
        + ")");
    return 0;
  }

  private Path resolve(String nameOrFile) {
    Path p = Path.of(nameOrFile);
    if (Files.exists(p)) {
      return p;
    }
    return new RunStore(runsDir).find(nameOrFile).orElse(p);
  }
}
