package helperlab.study;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * One of {@code count} shards of a sweep: a contiguous run of its groups (the runs that share
 * arrivals), so shard outputs put side by side in index order are the sweep's rows in plan order.
 * Written {@code I/N}, I from 0 (a Kubernetes indexed Job's completion index).
 */
public record Shard(@JsonProperty("index") int index, @JsonProperty("count") int count) {
  public static final Shard WHOLE = new Shard(0, 1);

  public Shard {
    if (count < 1 || count > 100_000) {
      throw new IllegalArgumentException("the shard count must be between 1 and 100000, got " + count);
    }
    if (index < 0 || index >= count) {
      throw new IllegalArgumentException("the shard index must be between 0 and " + (count - 1) + ", got " + index);
    }
  }

  /** Parses {@code I/N}. */
  public static Shard parse(String text) {
    String[] parts = text == null ? new String[0] : text.trim().split("/", -1);
    if (parts.length != 2) {
      throw new IllegalArgumentException("a shard is written I/N (e.g. 0/4: the first of four), got '" + text + "'");
    }
    try {
      return new Shard(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("a shard is written I/N with whole numbers (e.g. 0/4), got '" + text + "'");
    }
  }

  /** This shard's part of {@code groups}. */
  public <T> List<T> of(List<T> groups) {
    int n = groups.size();
    return groups.subList((int) ((long) index * n / count), (int) ((long) (index + 1) * n / count));
  }

  @Override
  public String toString() {
    return index + "/" + count;
  }
}
