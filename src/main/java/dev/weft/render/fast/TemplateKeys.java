package dev.weft.render.fast;

import dev.weft.compile.FrozenSortedMap;
import java.util.Map;

/** What a template engine may assume about the maps of the template data. */
public final class TemplateKeys {

  private TemplateKeys() {}

  /**
   * True when every key of {@code map} is known to be a String without looking: a template view
   * built by the compiler. A lookup that misses such a map needs no second try with a converted
   * key.
   */
  public static boolean onlyStrings(Map<?, ?> map) {
    return FrozenSortedMap.hasStringKeys(map);
  }
}
