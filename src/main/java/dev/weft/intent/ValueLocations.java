package dev.weft.intent;

import dev.weft.finding.Location;
import dev.weft.model.Provenance;
import dev.weft.yaml.MapNode;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * A mapping's keys with the location of each value, read straight from the parsed mapping (whose
 * entries never change) instead of copied into a map of their own.
 */
final class ValueLocations extends Provenance.Frozen {

  private final Map<String, MapNode.Entry> entries;

  ValueLocations(Map<String, MapNode.Entry> entries) {
    this.entries = entries;
  }

  @Override
  public Location get(Object key) {
    MapNode.Entry e = entries.get(key);
    return e == null ? null : e.value().location();
  }

  @Override
  public boolean containsKey(Object key) {
    return entries.containsKey(key);
  }

  @Override
  public int size() {
    return entries.size();
  }

  @Override
  public Set<Map.Entry<String, Location>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Map.Entry<String, Location>> iterator() {
        Iterator<MapNode.Entry> values = entries.values().iterator();
        return new Iterator<>() {
          @Override
          public boolean hasNext() {
            return values.hasNext();
          }

          @Override
          public Map.Entry<String, Location> next() {
            MapNode.Entry e = values.next();
            return Map.entry(e.key(), e.value().location());
          }
        };
      }

      @Override
      public int size() {
        return entries.size();
      }
    };
  }
}
