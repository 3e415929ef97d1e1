package helperlab.cli;

import java.util.ServiceLoader;

/**
 * The benchmarks and showcases ({@code lab --bench}, {@code lab --screenshot}, {@code cage bench}) live in the bench
 * module and ship only in {@code target/bench/helper-lab.jar} ({@code mvn -Pbench package}, as the
 * {@code scripts/bench-*} and {@code scripts/screenshot*} do), not in the product jars. The commands find them as
 * services ({@link CageBenchPart}, {@link LabBenchPart}, listed in that jar's {@code META-INF/services}) and say so in
 * plain words where they are missing.
 */
final class BenchParts {
  private BenchParts() {}

  static <T> T find(Class<T> part) {
    return ServiceLoader.load(part).findFirst().orElseThrow(() -> new IllegalStateException(
        "this jar holds the product only, without the benchmarks and showcases: build target/bench/helper-lab.jar"
            + " with mvn -Pbench package -DskipTests and run that"));
  }
}
