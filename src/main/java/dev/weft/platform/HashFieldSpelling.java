package dev.weft.platform;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How one platform spells the intent's ECMP hash fields ({@code src-ip}, {@code l4-src-port}, ...):
 * the fields it has a setting for, under its own names. Packs render {@link #spelled} and report
 * the fields in {@link #missing} as a {@code render-gap}, so a field is either configured or named
 * as not expressible, never dropped in silence.
 */
public final class HashFieldSpelling {

  private final Map<String, String> names;

  /**
   * @param names intent field → the platform's name for it; fields not listed have no setting
   */
  public HashFieldSpelling(Map<String, String> names) {
    this.names = Map.copyOf(names);
  }

  /** The platform's names of the fields it can hash on, in the intent's order. */
  public List<String> spelled(List<String> fields) {
    List<String> out = new ArrayList<>();
    for (String f : fields) {
      String name = names.get(f);
      if (name != null) {
        out.add(name);
      }
    }
    return out;
  }

  /** The intent fields this platform has no setting for, in the intent's order. */
  public List<String> missing(List<String> fields) {
    return fields.stream().filter(f -> !names.containsKey(f)).toList();
  }

  /**
   * The intent field the platform's name stands for, or null (a reader meeting a name Weft never
   * renders).
   */
  public String intentName(String platformName) {
    Map<String, String> back = new TreeMap<>();
    names.forEach((intent, platform) -> back.put(platform, intent));
    return back.get(platformName);
  }

  /**
   * The render-gap reason for the fields the platform lacks, or null when it has them all.
   *
   * @param setting how the platform's setting is called, e.g. {@code SWITCH_HASH ecmp_hash}
   */
  public String gap(List<String> fields, String setting) {
    List<String> missing = missing(fields);
    if (missing.isEmpty()) {
      return null;
    }
    return setting
        + " has no field for "
        + String.join(", ", missing)
        + "; the other hash fields are rendered";
  }
}
