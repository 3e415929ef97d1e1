package helperlab.lab;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** JavaFX's render thread, reached for the benchmarks' CPU figures (an internal class: may be absent). */
final class RenderThread {
  private RenderThread() {}

  /** The render thread's id, or -1 if it cannot be reached. */
  static long id() throws Exception {
    java.util.concurrent.Executor r = executor();
    if (r == null) {
      return -1;
    }
    CompletableFuture<Long> id = new CompletableFuture<>();
    r.execute(() -> id.complete(Thread.currentThread().getId()));
    return id.get(10, TimeUnit.SECONDS);
  }

  /** JavaFX's render thread (an executor that runs jobs in order), or null if it cannot be reached. */
  static java.util.concurrent.Executor executor() {
    try {
      Class<?> c = Class.forName("com.sun.javafx.tk.quantum.QuantumRenderer");
      java.lang.reflect.Method m = c.getDeclaredMethod("getInstance");
      m.setAccessible(true);
      return (java.util.concurrent.Executor) m.invoke(null);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }
}
