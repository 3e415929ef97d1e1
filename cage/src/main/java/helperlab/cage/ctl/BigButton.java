package helperlab.cage.ctl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import helperlab.cage.image.SampleLibrary;
import helperlab.cage.store.ValidBatch;
import helperlab.cage.supervisor.Offer;
import helperlab.cage.supervisor.Supervisor;
import helperlab.model.DataFile;
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
  static ObjectNode press(Supervisor supervisor, JsonNode req) {
    String scenario = CtlRequest.text(req, "scenario", "calm");
    if (!ScenarioSpec.BUILT_IN.contains(scenario)) {
      throw new IllegalArgumentException("unknown scenario '" + scenario + "'; known: " + String.join(", ", ScenarioSpec.BUILT_IN));
    }
    SampleLibrary lib = supervisor.samples();
    if (lib == null) {
      throw new IllegalStateException("no sample library yet: " + supervisor.samplesStatus());
    }
    JsonNode seedNode = req.get("seed");
    long seed = seedNode != null && seedNode.isIntegralNumber() ? seedNode.asLong() : System.nanoTime();
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
    ObjectNode reply = DataFile.JSON.createObjectNode();
    reply.put("ok", !(o instanceof Offer.Unavailable));
    if (o instanceof Offer.Unavailable u) {
      reply.put("error", o.reason());
      reply.put("retry_after_s", u.retryAfterS());
      return reply;
    }
    reply.put("admitted", o.admitted());
    reply.put("batch", o.batchId());
    reply.put("preset", preset.name());
    reply.put("images", images.size());
    reply.put("deadline", b.deadlineAt().toString());
    if (!o.admitted()) {
      reply.put("reason", o.reason());
      reply.put("retry_after_s", o instanceof Offer.Refused r ? r.retryAfterS() : -1);
    }
    return reply;
  }
}
