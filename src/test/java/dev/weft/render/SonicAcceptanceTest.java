package dev.weft.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * The acceptance checks on the rendered SONiC config_db.json, read as data (not as text):
 * for every SONiC switch of roce-pod-a, and for every switch of roce-pod-c with an ASIC profile
 * rendered as SONiC (two lossless priorities; the EOS leaves name no ASIC, so they have no headroom
 * to render).
 */
class SonicAcceptanceTest {
  private final Renderer renderer = new Renderer(TemplateFolders.builtIn());

  @TestFactory
  Stream<DynamicTest> sonicConfigMeetsTheAcceptanceCriteria() {
    List<DynamicTest> tests = new ArrayList<>();
    for (String inventory : Examples.ALL) {
      CompiledFabric fabric = Examples.compile(inventory);
      for (CompiledSwitch sw : fabric.switches()) {
        if (sw.asic() == null) {
          continue;
        }
        tests.add(DynamicTest.dynamicTest(inventory + "/" + sw.name(), () -> check(sw)));
      }
    }
    return tests.stream();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object o, String what) {
    assertTrue(o instanceof Map<?, ?>, what + " is missing or not an object");
    return (Map<String, Object>) o;
  }

  private void check(CompiledSwitch sw) throws Exception {
    Renderer.DeviceOutput out = renderer.renderDeviceAs(sw, "sonic", "test");
    assertTrue(out.findings().isEmpty(), out.findings().toString());
    String text = out.text("config_db.json");
    Map<String, Object> db = map(Json.parse(text), "config_db");
    assertKeysSorted(db, "");

    // DSCP 26 → TC 3 and DSCP 48 → TC 6, in the map every port binds, with all 64 code points.
    Map<String, Object> qos = map(db.get("PORT_QOS_MAP"), "PORT_QOS_MAP");
    for (Object binding : qos.values()) {
      Map<String, Object> dscp =
          map(
              map(db.get("DSCP_TO_TC_MAP"), "DSCP_TO_TC_MAP")
                  .get(map(binding, "binding").get("dscp_to_tc_map")),
              "bound DSCP map");
      assertEquals("3", dscp.get("26"));
      assertEquals("6", dscp.get("48"));
      assertEquals(64, dscp.size());
    }

    List<Integer> lossless = sw.losslessPriorities();
    assertFalse(lossless.isEmpty());
    String losslessCsv = String.join(",", lossless.stream().map(String::valueOf).toList());
    Map<String, Object> tcToQueue =
        map(map(db.get("TC_TO_QUEUE_MAP"), "TC_TO_QUEUE_MAP").values().iterator().next(), "tc map");
    Map<String, Object> tcToPg =
        map(
            map(db.get("TC_TO_PRIORITY_GROUP_MAP"), "TC_TO_PRIORITY_GROUP_MAP")
                .values()
                .iterator()
                .next(),
            "pg map");
    Map<String, Object> queues = map(db.get("QUEUE"), "QUEUE");
    Map<String, Object> wred = map(db.get("WRED_PROFILE"), "WRED_PROFILE");
    Map<String, Object> wd = map(db.get("PFC_WD"), "PFC_WD");
    Map<String, Object> pgs = map(db.get("BUFFER_PG"), "BUFFER_PG");
    Map<String, Object> profiles = map(db.get("BUFFER_PROFILE"), "BUFFER_PROFILE");
    int lossyPorts = 0;
    for (Map.Entry<String, Object> entry : qos.entrySet()) {
      String port = entry.getKey();
      Map<String, Object> binding = map(entry.getValue(), port);
      if (!binding.containsKey("pfc_enable")) {
        lossyPorts++;
        continue;
      }
      // PFC on exactly the lossless priorities.
      assertEquals(losslessCsv, binding.get("pfc_enable"), port);
      // PFC watchdog on every port carrying lossless traffic.
      assertTrue(wd.containsKey(port), "no PFC_WD on " + port);
      assertEquals("drop", map(wd.get(port), port).get("action"));
      for (int p : lossless) {
        // An ECN WRED profile bound to the lossless queue.
        String queue = (String) tcToQueue.get(String.valueOf(p));
        Map<String, Object> q = map(queues.get(port + "|" + queue), "QUEUE|" + port + "|" + queue);
        String profile = (String) q.get("wred_profile");
        assertNotNull(profile, "no WRED profile on lossless queue " + port + "|" + queue);
        assertEquals("ecn_all", map(wred.get(profile), "WRED_PROFILE|" + profile).get("ecn"));
        // A BUFFER_PG with a computed (concrete, xoff > 0) profile for the lossless PG.
        String pg = (String) tcToPg.get(String.valueOf(p));
        Map<String, Object> bufferPg =
            map(pgs.get(port + "|" + pg), "BUFFER_PG|" + port + "|" + pg);
        String bufferProfile = (String) bufferPg.get("profile");
        Map<String, Object> bp =
            map(profiles.get(bufferProfile), "BUFFER_PROFILE|" + bufferProfile);
        long xoff = Long.parseLong((String) bp.get("xoff"));
        long xon = Long.parseLong((String) bp.get("xon"));
        assertTrue(xoff > 0, bufferProfile);
        assertEquals(xoff + xon, Long.parseLong((String) bp.get("size")), bufferProfile);
      }
    }
    assertEquals(0, lossyPorts, "every port of the examples carries lossless traffic");
  }

  /** Keys of every object are in sorted order (as sonic-cfggen --print-data writes them). */
  private static void assertKeysSorted(Map<String, Object> object, String path) {
    List<String> keys = new ArrayList<>(object.keySet());
    List<String> sorted = new ArrayList<>(new TreeSet<>(keys));
    assertEquals(
        sorted, keys, "keys of " + (path.isEmpty() ? "the document" : path) + " are not sorted");
    for (Map.Entry<String, Object> e : object.entrySet()) {
      if (e.getValue() instanceof Map<?, ?>) {
        assertKeysSorted(map(e.getValue(), e.getKey()), path + "/" + e.getKey());
      }
    }
  }
}
