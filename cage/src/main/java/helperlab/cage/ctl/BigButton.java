package helperlab.cage.ctl;

import helperlab.cage.image.SampleLibrary;
import helperlab.cage.store.ValidBatch;
import helperlab.cage.supervisor.Offer;
import helperlab.cage.supervisor.Supervisor;
import helperlab.protocol.ctl.CtlRequest;
import helperlab.protocol.ctl.PressAnswer;
import helperlab.model.Task;
import helperlab.workload.ArrivalGenerator;
import helperlab.workload.ScenarioSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** ctl's {@code press}: the big button. */
final class BigButton {
  private BigButton() {}

  /** The big button: a batch drawn from a scenario's mixes, played by samples, offered like any other. */
  static PressAnswer press(Supervisor supervisor, CtlRequest.Press req) {
    String scenario = req.scenario() == null ? "calm" : req.scenario();
    if (!ScenarioSpec.BUILT_IN.contains(scenario)) {
      throw new IllegalArgumentException("unknown scenario '" + scenario + "'; known: " + String.join(", ", ScenarioSpec.BUILT_IN));
    }
    SampleLibrary lib = supervisor.samples();
    if (lib == null) {
      throw new IllegalStateException("no sample library yet: " + supervisor.samplesStatus());
    }
    long seed = req.seed() != null ? req.seed() : System.nanoTime();
    ArrivalGenerator gen = new ArrivalGenerator(ScenarioSpec.builtIn(scenario), supervisor.machine(),
        supervisor.calibration(), supervisor.presets());
    Task t = gen.sampleBatch(0, 0, new SplittableRandom(seed));
    List<ValidBatch.ValidImage> images = new ArrayList<>();
    for (var spec : t.images()) {
      SampleLibrary.Sample s = lib.nearest(spec.megapixels());
      images.add(new ValidBatch.ValidImage(lib.path(s), "jpeg", s.width(), s.height(),
          supervisor.calibration().forecastSeconds(s.megapixels(), t.preset())));
    }
    Instant now = supervisor.clock().instant();
    var preset = supervisor.presets().get(t.preset());
    ValidBatch b = new ValidBatch("press", preset.name(), preset.longEdge(), now,
        now.plusMillis((long) (t.windowS() * 1000)), images);
    Offer o = supervisor.offer(b);
    if (o instanceof Offer.Unavailable u) {
      return PressAnswer.unavailable(o.reason(), u.retryAfterS());
    }
    if (o.admitted()) {
      return PressAnswer.admitted(o.batchId(), preset.name(), images.size(), b.deadlineAt().toString());
    }
    return PressAnswer.refused(o.batchId(), preset.name(), images.size(), b.deadlineAt().toString(), o.reason(),
        o instanceof Offer.Refused r ? r.retryAfterS() : -1);
  }
}
