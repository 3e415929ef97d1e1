package helperlab.workload;

import java.util.SplittableRandom;

/**
 * One seeded random stream per source of randomness (arrivals, batch sizes, image sizes, noise...),
 * each keyed by (scenario, machine, seed, source): the same key gives the same stream in every run,
 * the machine by the parameters its arrivals depend on ({@code MachineSpec.arrivalIdentity()}: cores and
 * speed), so a file of the same machine under another name, or with another memory limit, gets the same
 * arrivals,
 * so every policy faces identical arrivals (common random numbers), and adding a draw to one source
 * does not shift the others.
 */
public final class RandomStreams {
  private final long base;

  public RandomStreams(String scenario, String machine, long seed) {
    long h = mix(0x9E3779B97F4A7C15L ^ seed);
    h = mix(h ^ scenario.hashCode());
    h = mix(h ^ ((long) machine.hashCode() << 32));
    this.base = h;
  }

  public SplittableRandom stream(String source) {
    return new SplittableRandom(mix(base ^ mix(source.hashCode())));
  }

  /** SplitMix64's finaliser. */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
