package helperlab.lab.viewmodel;

import java.util.Locale;

/** Numbers as the lab writes them: thousands separated, and never a negative zero ({@code -0 MB}). */
public final class Numbers {
  private Numbers() {}

  /** {@code v} with {@code decimals} places; a value that rounds to zero reads {@code 0}, not {@code -0}. */
  public static String fixed(double v, int decimals) {
    if (!Double.isFinite(v)) {
      return "–";
    }
    String s = String.format(Locale.ROOT, "%,." + decimals + "f", v);
    return s.startsWith("-") && s.substring(1).replaceAll("[0.,]", "").isEmpty() ? s.substring(1) : s;
  }

  /** Memory in the unit a person reads it in: {@code 700 MB} under a gigabyte, {@code 1.25 GB} from one on. */
  public static String memory(double mb) {
    return mb >= 1024 ? fixed(mb / 1024, 2) + " GB" : fixed(mb, 0) + " MB";
  }
}
