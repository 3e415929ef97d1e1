package helperlab.cage.intake;

import helperlab.cage.image.ImageHeader;
import helperlab.cage.store.ValidBatch;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import helperlab.model.Calibration;
import helperlab.model.DataFile;
import helperlab.model.Preset;
import helperlab.model.PresetCatalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * The door: turns a request body into a {@link ValidBatch} or a refusal with a status and a reason a
 * client can act on. Every image is checked from its header (path inside the inbox, exists, not
 * empty, a JPEG or PNG, not a decompression bomb, not cut short); a bad image refuses the whole
 * batch and every problem is listed. What only decoding can tell is left to the workers (and, after
 * three crashes, to the dead letters).
 */
public final class BatchValidator {
  private static final Set<String> FIELDS = Set.of("preset", "deadline", "deadline_s", "images");

  /** A refused request: the HTTP status, the reason, and per-image problems. */
  public static final class Rejection extends Exception {
    private final int status;
    private final ArrayNode problems;

    Rejection(int status, String reason, ArrayNode problems) {
      super(reason);
      this.status = status;
      this.problems = problems;
    }

    public int status() {
      return status;
    }

    public ObjectNode body() {
      ObjectNode o = DataFile.JSON.createObjectNode();
      o.put("error", getMessage());
      if (problems != null && !problems.isEmpty()) {
        o.set("problems", problems);
      }
      return o;
    }
  }

  private final Path inbox;
  private final PresetCatalog presets;
  private final Calibration calibration;
  private final int maxImages;
  private final long maxPixels;

  public BatchValidator(Path inbox, PresetCatalog presets, Calibration calibration, int maxImages, long maxPixels) {
    this.inbox = inbox.toAbsolutePath().normalize();
    this.presets = presets;
    this.calibration = calibration;
    this.maxImages = maxImages;
    this.maxPixels = maxPixels;
  }

  public ValidBatch validate(byte[] body, Instant now) throws Rejection {
    JsonNode root;
    try {
      root = DataFile.JSON.readTree(body);
    } catch (JsonProcessingException e) {
      throw new Rejection(400, "malformed JSON: " + e.getOriginalMessage(), null);
    } catch (IOException e) {
      throw new Rejection(400, "unreadable body: " + e.getMessage(), null);
    }
    if (root == null || !root.isObject()) {
      throw new Rejection(400, "the body must be a JSON object with preset, images and (optionally) deadline", null);
    }
    for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!FIELDS.contains(f)) {
        throw new Rejection(400, "unknown field '" + f + "'; known: preset, images, deadline, deadline_s", null);
      }
    }
    JsonNode presetNode = root.get("preset");
    if (presetNode == null || !presetNode.isTextual()) {
      throw new Rejection(400, "preset is required (one of " + String.join(", ", presets.names()) + ")", null);
    }
    if (!presets.has(presetNode.asText())) {
      throw new Rejection(400, "unknown preset '" + presetNode.asText() + "'; known: " + String.join(", ", presets.names()), null);
    }
    Preset preset = presets.get(presetNode.asText());
    JsonNode imagesNode = root.get("images");
    if (imagesNode == null || !imagesNode.isArray()) {
      throw new Rejection(400, "images is required: a list of paths inside the inbox", null);
    }
    if (imagesNode.isEmpty()) {
      throw new Rejection(400, "images is empty: a batch needs at least one image", null);
    }
    if (imagesNode.size() > maxImages) {
      throw new Rejection(413, imagesNode.size() + " images is more than the " + maxImages
          + " a batch may have (max_batch_images)", null);
    }
    Instant deadline = deadline(root, now);
    ArrayNode problems = DataFile.JSON.createArrayNode();
    List<ValidBatch.ValidImage> images = new ArrayList<>();
    for (int i = 0; i < imagesNode.size(); i++) {
      JsonNode n = imagesNode.get(i);
      String raw = n.isTextual() ? n.asText() : n.toString();
      try {
        if (!n.isTextual() || raw.isBlank()) {
          throw new ImageHeader.BadImageException("must be a path (a non-empty string)");
        }
        Path file = resolve(raw);
        ImageHeader h = ImageHeader.read(file, maxPixels);
        images.add(new ValidBatch.ValidImage(file, h.format(), h.width(), h.height(),
            calibration.forecastSeconds(h.megapixels(), preset.name())));
      } catch (ImageHeader.BadImageException e) {
        ObjectNode p = problems.addObject();
        p.put("image", i);
        p.put("path", raw);
        p.put("reason", inboxRelative(e.getMessage()));
      }
    }
    if (!problems.isEmpty()) {
      JsonNode first = problems.get(0);
      String reason = "image " + first.get("image").asInt() + " ('" + first.get("path").asText() + "'): "
          + first.get("reason").asText() + (problems.size() > 1 ? " (and " + (problems.size() - 1) + " more)" : "");
      throw new Rejection(422, reason, problems);
    }
    if (deadline == null) { // the preset's: its base plus its allowance for the batch's forecast work
      double work = images.stream().mapToDouble(ValidBatch.ValidImage::predictedS).sum();
      deadline = now.plusMillis((long) (preset.deadlineWindowS(work) * 1000));
    }
    return new ValidBatch("http", preset.name(), preset.longEdge(), now, deadline, images);
  }

  /** The deadline the client gave, or null for the preset's (set once the images are read). */
  private static Instant deadline(JsonNode root, Instant now) throws Rejection {
    JsonNode abs = root.get("deadline");
    JsonNode rel = root.get("deadline_s");
    if (abs != null && rel != null) {
      throw new Rejection(400, "give deadline (a time) or deadline_s (seconds from now), not both", null);
    }
    if (abs != null) {
      if (!abs.isTextual()) {
        throw new Rejection(400, "deadline must be an ISO-8601 time like 2030-01-01T12:00:00Z", null);
      }
      Instant d;
      try {
        d = Instant.parse(abs.asText());
      } catch (DateTimeParseException e) {
        throw new Rejection(400, "deadline '" + abs.asText() + "' is not an ISO-8601 time like 2030-01-01T12:00:00Z", null);
      }
      if (!d.isAfter(now)) {
        throw new Rejection(422, "deadline " + d + " is in the past (now is " + now + ")", null);
      }
      return d;
    }
    if (rel != null) {
      if (!rel.isNumber()) {
        throw new Rejection(400, "deadline_s must be a number of seconds", null);
      }
      double s = rel.asDouble();
      if (!(s > 0) || s > 7 * 24 * 3600) {
        throw new Rejection(422, "deadline_s must be more than 0 and at most a week, got " + rel.asText()
            + (s <= 0 ? " (a deadline in the past)" : ""), null);
      }
      return now.plusMillis((long) (s * 1000));
    }
    return null;
  }

  /** A message with the inbox's own place taken out: the client names files relative to it. */
  String inboxRelative(String message) {
    String m = message;
    for (String root : inboxNames()) {
      m = m.replace(root + "/", "").replace(root, "the inbox");
    }
    return m;
  }

  private List<String> inboxNames() {
    List<String> names = new ArrayList<>(List.of(inbox.toString()));
    try {
      names.add(0, inbox.toRealPath().toString());
    } catch (IOException e) {
      // no inbox on disk: its name as configured is all there is
    }
    return names;
  }

  /** A path inside the inbox, refusing anything that leads out of it (../, absolute paths, symlinks). */
  Path resolve(String raw) throws ImageHeader.BadImageException {
    Path p;
    try {
      Path given = Path.of(raw);
      p = (given.isAbsolute() ? given : inbox.resolve(given)).normalize();
    } catch (InvalidPathException e) {
      throw new ImageHeader.BadImageException("not a valid path: " + e.getReason());
    }
    if (!p.startsWith(inbox)) {
      throw new ImageHeader.BadImageException("path is outside the inbox");
    }
    if (Files.exists(p)) {
      try {
        Path real = p.toRealPath();
        if (!real.startsWith(inbox.toRealPath())) {
          throw new ImageHeader.BadImageException("path leads outside the inbox (through a link)");
        }
      } catch (IOException e) {
        throw new ImageHeader.BadImageException("cannot read: " + e.getMessage());
      }
    }
    return p;
  }
}
