package helperlab.lab;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * Shortens the lab's cold start on a machine with a second core: while JavaFX starts up on the main
 * thread, a background thread loads the classes the window needs (the list in
 * {@code warmup-classes.txt}, taken from a start-up with {@code -Xlog:class+load}) and reads the
 * built-in model files, so the window's thread finds them ready. Names that no longer exist are skipped.
 */
public final class LabWarmUp {
  private LabWarmUp() {}

  public static void start() {
    if (Runtime.getRuntime().availableProcessors() < 2 || "false".equals(System.getProperty("helperlab.lab.warmup"))) {
      return; // it would only compete with the start-up it means to speed up
    }
    Thread t = new Thread(LabWarmUp::run, "lab-warm-up");
    t.setDaemon(true);
    t.setPriority(Thread.MIN_PRIORITY);
    t.start();
  }

  private static void run() {
    try {
      helperlab.model.Calibration.seed();
      helperlab.model.MachineSpec.builtIn("cage");
    } catch (RuntimeException e) {
      // the lab reports it when it needs them
    }
    ClassLoader loader = LabWarmUp.class.getClassLoader();
    try (InputStream in = LabWarmUp.class.getResourceAsStream("warmup-classes.txt")) {
      if (in == null) {
        return;
      }
      BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      String name;
      while ((name = r.readLine()) != null) {
        if (name.isBlank() || name.startsWith("#")) {
          continue;
        }
        try {
          Class.forName(name.trim(), false, loader);
        } catch (ClassNotFoundException | LinkageError e) {
          // gone or not loadable here: skip
        }
      }
    } catch (IOException e) {
      // only an optimisation
    }
  }
}
