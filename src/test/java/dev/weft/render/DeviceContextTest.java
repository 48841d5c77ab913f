package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledDevice;
import dev.weft.compile.CompiledFabric;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The split the render fingerprint relies on: a device's own data plus exactly the {@link
 * DeviceContext#DERIVED} keys make up all of its template data, and the derived keys are computed
 * from the own data alone.
 */
class DeviceContextTest {
  @Test
  void ownDataPlusDerivedKeysIsEverythingATemplateSees() {
    for (String example : Examples.ALL) {
      CompiledFabric fabric = Examples.compile(example);
      for (CompiledDevice device : fabric.devices()) {
        Map<String, Object> own = DeviceContext.own(device, fabric.fabric());
        Map<String, Object> all = DeviceContext.of(device, fabric.fabric());
        Set<String> added = new TreeSet<>(all.keySet());
        added.removeAll(own.keySet());
        assertTrue(DeviceContext.DERIVED.containsAll(added), device.name() + " adds " + added);
        own.forEach((key, value) -> assertEquals(value, all.get(key), device.name() + " " + key));
        assertTrue(own.keySet().stream().noneMatch(DeviceContext.DERIVED::contains), device.name());
        assertEquals(all, DeviceContext.complete(device, own), device.name());
        assertEquals(
            String.valueOf(all),
            String.valueOf(DeviceContext.of(device, fabric.fabric())),
            "same device, same data in the same order");
      }
    }
  }
}
