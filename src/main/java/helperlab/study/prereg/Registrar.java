package helperlab.study.prereg;

import helperlab.workload.Tipping;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;

/**
 * Makes a registration: chooses the points on the host model from a grid of candidates, predicts each chosen point
 * on the default basis and on the host model with a helper's start priced ×2 and ×½, and computes the power of the
 * verdict rule for each model against the host model's probabilities.
 */
public final class Registrar {
  private final HostModel models;
  private final VerdictRule rule;
  private final PaceGate gate;
  private final int minPoints;

  public Registrar(HostModel models, VerdictRule rule, PaceGate gate, int minPoints) {
    this.models = models;
    this.rule = rule;
    this.gate = gate;
    this.minPoints = minPoints;
  }

  /** Where the registration's text comes from: the model's commit, the calibration file and its digest, the time. */
  public record Provenance(String modelCommit, String calibrationFile, String calibrationSha256, Instant madeAt) {}

  /**
   * The registration of points chosen from {@code candidates}; {@code progress} hears each candidate predicted (for
   * a terminal's bar; the points chosen are predicted again on the other three models).
   */
  public Registration register(List<OperatingPoint> candidates, Provenance from, IntConsumer progress) {
    int[] done = {0};
    List<PointChooser.Chosen> chosen = new PointChooser(minPoints).choose(candidates, p -> {
      Prediction pr = models.predictHost(p);
      progress.accept(++done[0]);
      return pr;
    });
    Model twice = models.host().withStartPriceTimes(2, "host, a helper's start ×2");
    Model half = models.host().withStartPriceTimes(0.5, "host, a helper's start ×½");
    List<RegisteredPoint> points = new ArrayList<>();
    for (PointChooser.Chosen c : chosen) {
      OperatingPoint p = c.point();
      points.add(new RegisteredPoint(c.id(), c.pointClass(), p, c.host(),
          models.basis().predict(p, models.exhibitS(), models.seeds()),
          twice.predict(p, models.exhibitS(), models.seeds()), half.predict(p, models.exhibitS(), models.seeds())));
    }
    List<Double> truth = points.stream().map(p -> p.host().pCollapse()).toList();
    List<Power> power = List.of(
        Power.of(models.host().label() + ": a perfect model (the host model is the truth)", rule, truth, truth),
        Power.atTheBandsEdge(rule, truth),
        Power.of(twice.label(), rule, truth, points.stream().map(p -> p.startTwice().pCollapse()).toList()),
        Power.of(half.label(), rule, truth, points.stream().map(p -> p.startHalf().pCollapse()).toList()),
        Power.of(models.basis().label(), rule, truth, points.stream().map(p -> p.basis().pCollapse()).toList()));
    String scenario = points.get(0).point().scenario();
    return new Registration(Registration.FORMAT, from.madeAt().toString(), from.modelCommit(), from.calibrationFile(),
        from.calibrationSha256(), new Registration.HelperStart(models.host().helperStartImages(scenario),
            models.basis().helperStartImages(scenario)), models.host().machine().name(), "edf-fit, the policy's own "
            + "client (honours Retry-After)", models.exhibitS(), models.seeds(), Tipping.CRITERION,
        Tipping.words(Model.SPANS), rule, gate, ExclusionRule.registered(gate), points, power);
  }
}
