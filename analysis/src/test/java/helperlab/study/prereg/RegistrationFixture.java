package helperlab.study.prereg;

import java.util.List;

/** A small registration made by hand for the scoring tests: a stable point and a collapsed one. */
final class RegistrationFixture {
  static final String MADE_AT = "2026-12-08T10:00:00Z";

  private RegistrationFixture() {}

  static RegisteredPoint point(String id, PointClass c, String policy, double load, int hostCollapsed,
      int basisCollapsed) {
    Prediction host = PointChooserTest.seeds(hostCollapsed);
    Prediction basis = PointChooserTest.seeds(basisCollapsed);
    return new RegisteredPoint(id, c, new OperatingPoint(policy, "calm", load), host, basis, basis, host);
  }

  /** S1: the pool at 0.5 (host 0 of 20, basis 0); C1: the box at 0.2 (host 20 of 20, basis 2 of 20). */
  static Registration twoPoints() {
    List<RegisteredPoint> points = List.of(point("S1", PointClass.STABLE, "pool-edf-10", 0.5, 0, 0),
        point("C1", PointClass.COLLAPSED, "box", 0.2, 20, 2));
    List<Double> truth = points.stream().map(p -> p.host().pCollapse()).toList();
    return new Registration(Registration.FORMAT, MADE_AT, "abc123", "cal.json", "00", new Registration.HelperStart(5.2,
        13.5), "cage", "edf-fit", 900, 20, "goodput-while-busy", "words", VerdictRule.REGISTERED, PaceGate.REGISTERED,
        ExclusionRule.registered(PaceGate.REGISTERED), points, List.of(Power.of("host", VerdictRule.REGISTERED, truth,
            truth)));
  }
}
