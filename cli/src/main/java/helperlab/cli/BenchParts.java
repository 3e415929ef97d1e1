package helperlab.cli;

import java.lang.reflect.InvocationTargetException;

/**
 * The benchmarks and showcases ({@code lab --bench}, {@code lab --screenshot}, {@code cage bench}) are
 * built from {@code src/bench} into {@code target/bench/helper-lab.jar} ({@code mvn -Pbench package}, as the
 * {@code scripts/bench-*} and {@code scripts/screenshot*} do), not into the product jar; the commands reach
 * them by name and say so in plain words where they are missing.
 */
final class BenchParts {
  private BenchParts() {}

  static Object call(String className, String method, Class<?>[] types, Object... args) throws Exception {
    try {
      return type(className).getMethod(method, types).invoke(null, args);
    } catch (InvocationTargetException e) {
      throw unwrap(e);
    }
  }

  static Object construct(String className, Class<?>[] types, Object... args) throws Exception {
    try {
      return type(className).getConstructor(types).newInstance(args);
    } catch (InvocationTargetException e) {
      throw unwrap(e);
    }
  }

  static Object invoke(Object target, String method) throws Exception {
    try {
      return target.getClass().getMethod(method).invoke(target);
    } catch (InvocationTargetException e) {
      throw unwrap(e);
    }
  }

  private static Class<?> type(String className) {
    try {
      return Class.forName(className);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException("this jar holds the product only, without the benchmarks and showcases ("
          + className + "): build target/bench/helper-lab.jar with mvn -Pbench package -DskipTests and run that");
    }
  }

  private static Exception unwrap(InvocationTargetException e) {
    Throwable c = e.getCause();
    if (c instanceof Exception x) {
      return x;
    }
    if (c instanceof Error err) {
      throw err;
    }
    return e;
  }
}
