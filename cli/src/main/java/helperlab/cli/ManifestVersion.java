package helperlab.cli;

import picocli.CommandLine.IVersionProvider;

/** The version the build wrote into the jar's manifest; "development build" when run from classes. */
final class ManifestVersion implements IVersionProvider {
  @Override
  public String[] getVersion() {
    return new String[] {"helper-lab " + of(Main.class.getPackage())};
  }

  static String of(Package pkg) {
    String version = pkg == null ? null : pkg.getImplementationVersion();
    return version == null ? "(development build, not from a jar)" : version;
  }
}
