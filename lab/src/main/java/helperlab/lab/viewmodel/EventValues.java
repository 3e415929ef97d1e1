package helperlab.lab.viewmodel;

import helperlab.model.EventType;
import helperlab.model.RunEvent;
import java.util.Locale;

/** What an event's {@code value} means for its type, written with its unit for the event list. */
public final class EventValues {
  private EventValues() {}

  /** The value in words with its unit, e.g. {@code Retry-After 12 s}, {@code 0.41 CPU s}; empty when unused. */
  public static String text(RunEvent e) {
    double v = e.value();
    boolean unused = v == -1 || !Double.isFinite(v);
    return switch (e.type()) {
      case SUBMITTED -> unused ? "" : String.format(Locale.ROOT, "retry of task %d", Math.round(v));
      case REFUSED -> unused ? "never fits" : "Retry-After " + Numbers.fixed(v, v == Math.rint(v) ? 0 : 1) + " s";
      case WORKER_READY -> cpu(v, "warm-up ");
      case WORKER_EXITED, WORKER_KILLED -> v > 0 ? cpu(v, "start-up lost ") : "";
      case IMAGE_DONE -> cpu(v, "");
      case IMAGE_KILLED -> cpu(v, "lost ");
      case TASK_MET -> Numbers.fixed(-v, 2) + " s early";
      case TASK_LATE -> Numbers.fixed(v, 2) + " s late";
      case DISCONNECTED -> Numbers.fixed(v, 1) + " s offline";
      default -> "";
    };
  }

  private static String cpu(double v, String what) {
    return v < 0 || !Double.isFinite(v) ? "" : what + Numbers.fixed(v, v == 0 ? 0 : 3) + " CPU s";
  }

  /** What the column means, type by type (the column header's tooltip). */
  public static String legend() {
    return String.join("\n",
        EventType.REFUSED.wire() + ": Retry-After the service gave (s)",
        EventType.WORKER_READY.wire() + ": CPU seconds the start-up and warm-up took",
        EventType.WORKER_EXITED.wire() + ", " + EventType.WORKER_KILLED.wire() + ": start-up CPU seconds lost, if not ready",
        EventType.IMAGE_DONE.wire() + ": CPU seconds the image took",
        EventType.IMAGE_KILLED.wire() + ": CPU seconds thrown away with the worker",
        EventType.TASK_MET.wire() + ", " + EventType.TASK_LATE.wire() + ": finish against the deadline (s)",
        EventType.SUBMITTED.wire() + ": the original task of a client's retry",
        EventType.DISCONNECTED.wire() + ": seconds the live stream was lost");
  }
}
