package helperlab.charts;

/**
 * One line of a chart: its name, which y axis it uses, and how its value at a sample is computed from
 * the run's columns. How it is drawn (colour, width, dashes) is {@code charts.style}'s.
 */
public enum Series {
  WORKERS("workers alive", false) {
    @Override
    public double value(SampleTable s, int i) {
      return s.get(Column.WORKERS, i);
    }
  },
  BUSY("busy", false) {
    @Override
    public double value(SampleTable s, int i) {
      return s.get(Column.BUSY, i);
    }
  },
  SPAWNS_TOTAL("spawns (total)", false) {
    @Override
    public double value(SampleTable s, int i) {
      return s.get(Column.SPAWNS, i);
    }
  },
  SPAWNS_PER_MINUTE("spawns / min", true) {
    @Override
    public double value(SampleTable s, int i) {
      double t = s.t(i);
      double before = 0;
      if (t - 60 >= s.t(0)) {
        before = s.get(Column.SPAWNS, s.indexAt(t - 60));
      }
      return s.get(Column.SPAWNS, i) - before;
    }
  },
  CPU_USEFUL("useful", false) {
    @Override
    public double value(SampleTable s, int i) {
      return s.get(Column.CPU_USEFUL_S, i);
    }
  },
  CPU_SPAWN("spawning", false) {
    @Override
    public double value(SampleTable s, int i) {
      return s.get(Column.CPU_SPAWN_S, i);
    }
  },
  CPU_KILLED("killed", false) {
    @Override
    public double value(SampleTable s, int i) {
      return s.get(Column.CPU_KILLED_S, i);
    }
  },
  MET("met", false) {
    @Override
    public double value(SampleTable s, int i) {
      return s.get(Column.MET, i);
    }
  },
  MISSED("missed", false) {
    @Override
    public double value(SampleTable s, int i) {
      return s.get(Column.LATE, i);
    }
  },
  REFUSED("refused", false) {
    @Override
    public double value(SampleTable s, int i) {
      return s.get(Column.REFUSED, i);
    }
  },
  MET_SHARE("met share %", true) {
    @Override
    public double value(SampleTable s, int i) {
      double met = s.get(Column.MET, i);
      double all = met + s.get(Column.LATE, i) + s.get(Column.REFUSED, i);
      return all > 0 ? 100 * met / all : Double.NaN;
    }
  },
  QUEUE("images queued", false) {
    @Override
    public double value(SampleTable s, int i) {
      return s.get(Column.QUEUE, i);
    }
  },
  MEMORY("memory", false) {
    @Override
    public double value(SampleTable s, int i) {
      return s.get(Column.MEMORY_MB, i);
    }
  };

  private final String label;
  private final boolean rightAxis;

  Series(String label, boolean rightAxis) {
    this.label = label;
    this.rightAxis = rightAxis;
  }

  public String label() {
    return label;
  }

  public boolean rightAxis() {
    return rightAxis;
  }

  /** True for series that count things: they hold their value until the next sample, so they are drawn as steps. */
  public boolean isCount() {
    return switch (this) {
      case WORKERS, BUSY, SPAWNS_TOTAL, MET, MISSED, REFUSED, QUEUE -> true;
      default -> false;
    };
  }

  /** The unit of its values, as exported data name it (empty where the label says it: "spawns / min"). */
  public String unit() {
    return switch (this) {
      case WORKERS, BUSY -> "processes";
      case SPAWNS_TOTAL -> "spawns";
      case SPAWNS_PER_MINUTE, MET_SHARE -> "";
      case CPU_USEFUL, CPU_SPAWN, CPU_KILLED -> "CPU s";
      case MET, MISSED, REFUSED -> "tasks";
      case QUEUE -> "images";
      case MEMORY -> "MB";
    };
  }

  /** The value at sample {@code i}; NaN where it is undefined (a share before any outcome). */
  public abstract double value(SampleTable s, int i);

  /** Values for samples {@code from} (inclusive) to {@code to} (exclusive). */
  public double[] values(SampleTable s, int from, int to) {
    double[] out = new double[Math.max(0, to - from)];
    for (int i = from; i < to; i++) {
      out[i - from] = value(s, i);
    }
    return out;
  }

  /** Times of samples {@code from} to {@code to}. */
  public static double[] times(SampleTable s, int from, int to) {
    double[] out = new double[Math.max(0, to - from)];
    for (int i = from; i < to; i++) {
      out[i - from] = s.t(i);
    }
    return out;
  }
}
