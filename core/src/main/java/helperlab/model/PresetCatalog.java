package helperlab.model;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The presets a service offers, by name. */
public final class PresetCatalog {
  private final Map<String, Preset> byName;

  public PresetCatalog(List<Preset> presets) {
    if (presets == null || presets.isEmpty()) {
      throw new IllegalArgumentException("a preset catalog needs at least one preset");
    }
    Map<String, Preset> map = new LinkedHashMap<>();
    for (Preset p : presets) {
      if (map.put(p.name(), p) != null) {
        throw new IllegalArgumentException("preset '" + p.name() + "' is defined twice");
      }
    }
    this.byName = Map.copyOf(map);
    this.ordered = List.copyOf(presets);
  }

  private final List<Preset> ordered;

  /** thumb, web and archive: the presets the lab ships with. */
  public static PresetCatalog defaults() {
    return new PresetCatalog(DataFile.resource(PresetCatalog.class, "presets.json", new TypeReference<List<Preset>>() {}));
  }

  public Preset get(String name) {
    Preset p = byName.get(name);
    if (p == null) {
      throw new IllegalArgumentException("unknown preset '" + name + "'; known: " + String.join(", ", names()));
    }
    return p;
  }

  public boolean has(String name) {
    return byName.containsKey(name);
  }

  public List<String> names() {
    return ordered.stream().map(Preset::name).toList();
  }

  public List<Preset> all() {
    return ordered;
  }
}
