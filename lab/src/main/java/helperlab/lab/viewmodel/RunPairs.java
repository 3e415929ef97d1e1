package helperlab.lab.viewmodel;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which listed runs belong together, read from their names so a long list is sorted out without
 * opening every file: a replay is saved beside its run as {@code <id>-replay} (the n-th replay of an id,
 * {@code <id>-replay-n}, beside its n-th recording {@code <id>-n}), and the recordings of one run share
 * their name but for the cage's start stamp (whether they played the same tasks is checked on opening).
 */
public final class RunPairs {
  private static final Pattern REPLAY = Pattern.compile("(.+)-replay(?:-(\\d+))?");
  private static final Pattern STAMPED = Pattern.compile("(.+)-\\d{8}T\\d{6}-[0-9a-f]{4}(?:-\\d+)?");
  private static final Pattern COPY = Pattern.compile("(.+)-(\\d+)");

  private RunPairs() {}

  /** The name of the run a replay replays ({@code real-x-replay-2} → {@code real-x-2}); empty for other runs. */
  public static Optional<String> runOf(RunEntry e) {
    if (e.kind() != RunEntry.Kind.REPLAY) {
      return Optional.empty();
    }
    Matcher m = REPLAY.matcher(e.name());
    return m.matches() ? Optional.of(m.group(1) + (m.group(2) == null ? "" : "-" + m.group(2))) : Optional.empty();
  }

  /** The listed run a replay replays: same place, the name {@link #runOf} gives. */
  public static Optional<RunEntry> runOf(RunEntry replay, List<RunEntry> all) {
    return runOf(replay).flatMap(name -> all.stream()
        .filter(r -> r.kind() != RunEntry.Kind.REPLAY && r.name().equals(name) && r.place().equals(replay.place()))
        .findFirst());
  }

  /** A real run's replay in the list, if it is there. */
  public static Optional<RunEntry> replayOf(RunEntry run, List<RunEntry> all) {
    if (run.kind() == RunEntry.Kind.REPLAY) {
      return Optional.empty();
    }
    return runsOfReplays(all).entrySet().stream().filter(x -> x.getValue().equals(run)).map(Map.Entry::getKey)
        .findFirst();
  }

  /** The list with each replay right under its run (kept in place when its run is not listed). */
  public static List<RunEntry> grouped(List<RunEntry> all) {
    Map<RunEntry, RunEntry> runOfReplay = runsOfReplays(all);
    Map<RunEntry, List<RunEntry>> replays = new LinkedHashMap<>();
    runOfReplay.forEach((replay, run) -> replays.computeIfAbsent(run, k -> new ArrayList<>()).add(replay));
    List<RunEntry> out = new ArrayList<>(all.size());
    for (RunEntry e : all) {
      if (runOfReplay.containsKey(e)) {
        continue; // goes under its run
      }
      out.add(e);
      out.addAll(replays.getOrDefault(e, List.of()));
    }
    return out;
  }

  /** Each listed replay whose run is listed, with that run. */
  private static Map<RunEntry, RunEntry> runsOfReplays(List<RunEntry> all) {
    Map<String, RunEntry> runs = new HashMap<>();
    for (RunEntry e : all) {
      if (e.kind() != RunEntry.Kind.REPLAY) {
        runs.putIfAbsent(e.place() + "/" + e.name(), e);
      }
    }
    Map<RunEntry, RunEntry> out = new LinkedHashMap<>();
    for (RunEntry e : all) {
      runOf(e).map(name -> runs.get(e.place() + "/" + name)).ifPresent(run -> out.put(e, run));
    }
    return out;
  }

  /** The pair a run belongs to, for "compare with its replay": a real run with its replay, a replay with its run. */
  public static Optional<RecordedPair> pairOf(RunEntry e, List<RunEntry> all) {
    if (e.kind() == RunEntry.Kind.REPLAY) {
      return runOf(e, all).map(run -> new RecordedPair(run, e, true));
    }
    return replayOf(e, all).map(r -> new RecordedPair(e, r, true));
  }

  /**
   * Every real run with its replay, then each recording of a real run with the one of the same run
   * recorded just before it (same policy, scenario, machine, seed and admission by name; any place),
   * for Compare's chooser.
   */
  public static List<RecordedPair> among(List<RunEntry> all) {
    List<RecordedPair> pairs = new ArrayList<>();
    runsOfReplays(all).forEach((replay, run) -> {
      if (run.kind() == RunEntry.Kind.REAL) {
        pairs.add(new RecordedPair(run, replay, true));
      }
    });
    List<RunEntry> real = all.stream().filter(e -> e.kind() == RunEntry.Kind.REAL).toList();
    Set<String> names = new LinkedHashSet<>();
    real.forEach(r -> names.add(r.name()));
    Map<String, List<RunEntry>> byRun = new LinkedHashMap<>();
    for (RunEntry r : real) {
      byRun.computeIfAbsent(runKey(r.name(), names), k -> new ArrayList<>()).add(r);
    }
    for (List<RunEntry> recordings : byRun.values()) {
      List<RunEntry> inOrder = new ArrayList<>(recordings);
      inOrder.sort(Comparator.comparing((RunEntry r) -> r.name()).thenComparing(RunEntry::place));
      for (int i = 1; i < inOrder.size(); i++) {
        pairs.add(new RecordedPair(inOrder.get(i - 1), inOrder.get(i), false));
      }
    }
    return pairs;
  }

  /**
   * What a recording recorded, by name: a cage's record ends with when it started and a tag ({@code
   * real-busy-box-cage-s1-20261201T001627-934e}), dropped here; a second save of one id ({@code <id>-2})
   * is {@code <id>} when that is listed too.
   */
  static String runKey(String name, Set<String> names) {
    Matcher stamped = STAMPED.matcher(name);
    if (stamped.matches()) {
      return stamped.group(1);
    }
    Matcher m = COPY.matcher(name);
    return m.matches() && names.contains(m.group(1)) ? m.group(1) : name;
  }
}
