package helperlab.lab.view;

import helperlab.lab.viewmodel.Numbers;
import java.util.Locale;

/** Numbers as the window shows them. */
final class Formats {
  private Formats() {}

  static String count(long n) {
    return String.format(Locale.ROOT, "%,d", n);
  }

  /** Memory in the unit a person reads it in: {@code 700 MB} under a gigabyte, {@code 1.25 GB} from one on. */
  static String mb(double mb) {
    return Numbers.memory(mb);
  }

  static String seconds(double s) {
    return Numbers.fixed(s, 2) + " s";
  }
}
