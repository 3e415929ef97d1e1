package helperlab.study.prereg;

import helperlab.workload.Tipping;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

  /** The host model's prediction of every candidate, in order; {@code progress} hears each one done. */
  public Map<OperatingPoint, Prediction> predictCandidates(List<OperatingPoint> candidates, IntConsumer progress) {
    Map<OperatingPoint, Prediction> out = new LinkedHashMap<>();
    for (OperatingPoint p : candidates) {
      out.put(p, models.predictHost(p));
      progress.accept(out.size());
    }
    return out;
  }

  /** The registration of points chosen from the candidates the host model predicted ({@link #predictCandidates}). */
  public Registration register(Map<OperatingPoint, Prediction> candidates, Provenance from) {
    List<PointChooser.Chosen> chosen = new PointChooser(minPoints).choose(new ArrayList<>(candidates.keySet()),
        candidates::get);
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
