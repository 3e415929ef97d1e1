package helperlab.model;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A corpus of broken run files, each read through {@link RunRecord#load}: every failure is one plain sentence that
 * names the file and, where known, the field, with no Java or library class name and no parser jargon in it.
 */
public class BrokenRunFilesTest {
  /** A real recorded run, the ground every broken file is made from. */
  public static final Path GOOD = Path.of("lab-runs/xeon-2026-12-01/real/real-busy-box-cage-s3-20261201T004042-0489.json.gz");

  /** What a user must never read: class names, exception names, parser words. */
  public static final Pattern JARGON = Pattern.compile(
      "\\b(java|javax|com|org|helperlab)\\.[a-z]|`|\\b[A-Z]\\w*(Exception|Error)\\b|Creator|deserializ|end-of-input|ZLIB"
          + "|GZIP format|MismatchedInput|instance of|START_|END_|token|<parameter|\\bnull\\b|because \"");

  /** The broken files, by name, with a word each message must hold (the field or the fault). */
  public static Map<String, String> writeCorpus(Path dir) throws IOException {
    byte[] gz = Files.readAllBytes(GOOD);
    String json;
    try (GZIPInputStream in = new GZIPInputStream(Files.newInputStream(GOOD))) {
      json = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    ObjectNode good = (ObjectNode) DataFile.JSON.readTree(json);
    Map<String, String> expect = new LinkedHashMap<>();
    Files.write(dir.resolve("truncated.json.gz"), Arrays.copyOf(gz, gz.length / 2));
    expect.put("truncated.json.gz", "ends");
    Files.write(dir.resolve("gzip-of-half.json.gz"), gzip(json.substring(0, json.length() / 2)));
    expect.put("gzip-of-half.json.gz", "ends");
    Files.writeString(dir.resolve("half.json"), json.substring(0, json.length() / 3));
    expect.put("half.json", "ends");
    Files.write(dir.resolve("empty.json"), new byte[0]);
    expect.put("empty.json", "empty");
    Files.write(dir.resolve("empty.json.gz"), new byte[0]);
    expect.put("empty.json.gz", "empty");
    Files.write(dir.resolve("empty-inside.json.gz"), gzip(""));
    expect.put("empty-inside.json.gz", "empty");
    Files.writeString(dir.resolve("not-gzipped.json.gz"), json);
    expect.put("not-gzipped.json.gz", "gzip");
    Files.writeString(dir.resolve("notes.json"), "These are my notes about the run on Tuesday.\nNothing else.\n");
    expect.put("notes.json", "JSON");
    Files.write(dir.resolve("binary.json"), new byte[] {0, 1, 2, (byte) 0xff, (byte) 0xfe, 3, 4});
    expect.put("binary.json", "JSON");
    Files.writeString(dir.resolve("array.json"), "[1, 2, 3]");
    expect.put("array.json", "run record");
    write(dir, "duration-abc.json", good.deepCopy().put("duration_s", "abc"), expect, "duration_s");
    ObjectNode tAbc = good.deepCopy();
    ((ArrayNode) tAbc.with("samples").get("t")).set(0, DataFile.JSON.getNodeFactory().textNode("abc"));
    write(dir, "samples-t-abc.json", tAbc, expect, "samples.t[0]");
    ObjectNode noWorkers = good.deepCopy();
    noWorkers.with("samples").remove("workers");
    write(dir, "samples-no-workers.json", noWorkers, expect, "workers");
    ObjectNode samplesText = good.deepCopy();
    samplesText.put("samples", "abc");
    write(dir, "samples-text.json", samplesText, expect, "samples");
    ObjectNode tNull = good.deepCopy();
    tNull.with("samples").putNull("t");
    write(dir, "samples-t-missing.json", tNull, expect, "samples");
    ObjectNode shortColumn = good.deepCopy();
    ((ArrayNode) shortColumn.with("samples").get("queue")).remove(0);
    write(dir, "samples-short.json", shortColumn, expect, "samples");
    ObjectNode seedText = good.deepCopy();
    seedText.put("seed", "three");
    write(dir, "seed-three.json", seedText, expect, "seed");
    ObjectNode eventsObject = good.deepCopy();
    eventsObject.putObject("events");
    write(dir, "events-object.json", eventsObject, expect, "events");
    ObjectNode badEventType = good.deepCopy();
    ((ObjectNode) badEventType.withArray("events").get(0)).put("type", "explosion");
    write(dir, "event-type.json", badEventType, expect, "events[0]");
    ObjectNode noMachine = good.deepCopy();
    noMachine.remove("machine");
    write(dir, "no-machine.json", noMachine, expect, "machine");
    return expect;
  }

  private static void write(Path dir, String name, ObjectNode node, Map<String, String> expect, String word)
      throws IOException {
    Files.writeString(dir.resolve(name), DataFile.JSON.writeValueAsString(node));
    expect.put(name, word);
  }

  private static byte[] gzip(String text) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (GZIPOutputStream out = new GZIPOutputStream(b)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return b.toByteArray();
  }

  @TempDir
  static Path corpus;

  static Iterable<Map.Entry<String, String>> corpus() throws IOException {
    return writeCorpus(corpus).entrySet();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("corpus")
  void aBrokenFileIsOnePlainSentenceNamingFileAndField(Map.Entry<String, String> c) {
    Path file = corpus.resolve(c.getKey());
    DataFileException e = assertThrows(DataFileException.class, () -> RunRecord.load(file));
    String m = e.getMessage();
    System.out.println(c.getKey() + " -> " + m);
    assertTrue(m.contains(c.getKey()), "names the file: " + m);
    assertTrue(m.contains(c.getValue()), "says '" + c.getValue() + "': " + m);
    assertFalse(JARGON.matcher(m).find(), "speaks Java: " + m);
    assertFalse(m.contains("\n"), "one line: " + m);
  }
}
