package dev.weft.intent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.finding.Location;
import dev.weft.model.Provenance;
import dev.weft.yaml.MapNode;
import dev.weft.yaml.ScalarNode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A provenance read from a parsed mapping answers as the copied map it replaced. */
class ValueLocationsTest {

  @Test
  void answersAsACopyOfTheValueLocations() {
    Map<String, MapNode.Entry> entries = new LinkedHashMap<>();
    for (String key : new String[] {"name", "mtu", "cable-length"}) {
      Location at = new Location("f.yaml", key.length(), 7);
      entries.put(
          key,
          new MapNode.Entry(
              key, new Location("f.yaml", key.length(), 1), new ScalarNode(at, key, key)));
    }
    MapNode node = new MapNode(new Location("f.yaml", 1, 3), entries);
    Map<String, Location> copy = new LinkedHashMap<>();
    entries.forEach((k, e) -> copy.put(k, e.value().location()));

    Provenance view = Yaml.provenance(node);
    Provenance copied = new Provenance(node.location(), copy);

    assertEquals(copied, view);
    assertEquals(copied.hashCode(), view.hashCode());
    for (String key : copy.keySet()) {
      assertSame(copy.get(key), view.of(key));
      assertTrue(view.written(key));
    }
    assertSame(node.location(), view.of("speed"), "an unwritten field points at the object");
    assertFalse(view.written("speed"));
    assertNull(view.fields().get("speed"));
    assertThrows(
        UnsupportedOperationException.class, () -> view.fields().put("speed", node.location()));
  }
}
