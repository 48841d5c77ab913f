package dev.weft.platform.sonic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.json.Json;
import dev.weft.platform.DriftedPart;
import dev.weft.platform.Feature;
import dev.weft.platform.PatchRemediation;
import dev.weft.platform.ReadException;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The JSON Patch from a running CONFIG_DB to the rendered config_db.json of roce-pod-a's leaf-01:
 * the running config is what the switch shows after {@code config load} of the rendered file onto
 * its factory state (every HWSKU port, factory fields, the lossy PG 0, a LOOPBACK_INTERFACE), then
 * changed the way drift and factory defaults change it.
 */
class SonicPatchTest {

  private static final CompiledFabric FABRIC = Examples.compile("roce-pod-a");
  private static final CompiledSwitch LEAF =
      (CompiledSwitch) FABRIC.device("leaf-01").orElseThrow();
  private static final String RENDERED =
      new Renderer(TemplateFolders.builtIn())
          .renderDevice(LEAF, FABRIC.fabric())
          .text("config_db.json");
  private static final PatchRemediation SONIC = new SonicPack().patchRemediation().orElseThrow();

  /** The rendered file merged onto factory state, field by field, as {@code config load} does. */
  @SuppressWarnings("unchecked")
  private static Map<String, Map<String, Object>> running() throws Exception {
    Map<String, Map<String, Object>> db = new TreeMap<>();
    db.put(
        "PORT",
        new TreeMap<>(
            Map.of(
                "Ethernet400",
                new TreeMap<>(
                    Map.of("lanes", "400,401,402,403", "mtu", "9100", "admin_status", "down")))));
    db.put("LOOPBACK_INTERFACE", new TreeMap<>(Map.of("Loopback0", Map.of())));
    db.put(
        "BUFFER_PG",
        new TreeMap<>(Map.of("Ethernet0|0", Map.of("profile", "ingress_lossy_profile"))));
    db.put(
        "BUFFER_PROFILE",
        new TreeMap<>(
            Map.of(
                "ingress_lossy_profile",
                Map.of("pool", "ingress_lossy_pool", "size", "0", "dynamic_th", "3"))));
    Map<String, Object> file = (Map<String, Object>) Json.parse(RENDERED);
    file.forEach(
        (table, entries) -> {
          Map<String, Object> t = db.computeIfAbsent(table, k -> new TreeMap<>());
          ((Map<String, Object>) entries)
              .forEach(
                  (key, fields) -> {
                    Map<String, Object> merged = new TreeMap<>();
                    if (t.get(key) instanceof Map<?, ?> old) {
                      merged.putAll((Map<String, Object>) old);
                    }
                    merged.putAll((Map<String, Object>) fields);
                    t.put(key, merged);
                  });
        });
    ((Map<String, Object>) db.get("PORT").get("Ethernet0")).put("fec", "rs");
    return db;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> entry(
      Map<String, Map<String, Object>> db, String table, String key) {
    return (Map<String, Object>) db.get(table).get(key);
  }

  private static PatchRemediation.Patch patch(Object running) throws ReadException {
    return SONIC.patch(
        LEAF, RENDERED, Json.write(running), "leaf-01 show runningconfiguration all");
  }

  private static List<String> ops(PatchRemediation.Patch p) {
    return p.ops().stream()
        .map(o -> o.op() + " " + o.path() + (o.value() == null ? "" : " " + o.value()))
        .toList();
  }

  @Test
  void aSwitchThatLoadedTheRenderedFileNeedsNoPatchFactoryStateAndOtherTablesStay()
      throws Exception {
    assertEquals(List.of(), ops(patch(running())));
  }

  @Test
  void theFactoryPgRangeThatOverlapsWeftsIsRemovedTheLossyPgZeroStays() throws Exception {
    Map<String, Map<String, Object>> db = running();
    db.get("BUFFER_PG").put("Ethernet0|3-4", Map.of("profile", "ingress_lossy_profile"));
    db.get("QUEUE").put("Ethernet0|3-4", Map.of("scheduler", "rdma"));
    PatchRemediation.Patch p = patch(db);
    assertEquals(List.of("remove /BUFFER_PG/Ethernet0|3-4", "remove /QUEUE/Ethernet0|3-4"), ops(p));
    assertEquals(new DriftedPart(Feature.BUFFERS, "Ethernet0"), p.ops().get(0).part());
  }

  @Test
  void driftedValuesAreReplacedFieldsWeftDoesNotRenderGoFromWholeEntriesOnly() throws Exception {
    Map<String, Map<String, Object>> db = running();
    entry(db, "SCHEDULER", "rdma").put("weight", "60");
    entry(db, "PORT_QOS_MAP", "Ethernet0").put("pfc_enable", "3,4");
    entry(db, "PORT_QOS_MAP", "Ethernet8").remove("pfc_enable");
    String wred = (String) entry(parse(RENDERED), "WRED_PROFILE", "rdma").get("wred_green_enable");
    entry(db, "WRED_PROFILE", "rdma")
        .put("wred_green_enable", "true".equals(wred) ? "false" : "true");
    entry(db, "PORT", "Ethernet8").put("mtu", "9100");
    entry(db, "PORT", "Ethernet8").put("speed", "100000"); // never patched: takes the link down
    entry(db, "DEVICE_METADATA", "localhost").put("buffer_model", "dynamic"); // never patched
    entry(db, "SWITCH_HASH", "GLOBAL").put("lag_hash", List.of("SRC_IP")); // merged: stays
    entry(db, "QUEUE", "Ethernet0|3").put("extra", "x"); // whole: goes
    String weight = (String) entry(parse(RENDERED), "SCHEDULER", "rdma").get("weight");
    String pfc = (String) entry(parse(RENDERED), "PORT_QOS_MAP", "Ethernet0").get("pfc_enable");
    PatchRemediation.Patch p = patch(db);
    assertEquals(
        List.of(
            "replace /PORT/Ethernet8/mtu "
                + LEAF.ports().stream()
                    .filter(x -> x.name().equals("Ethernet8"))
                    .findFirst()
                    .orElseThrow()
                    .mtu(),
            "replace /PORT_QOS_MAP/Ethernet0/pfc_enable " + pfc,
            "add /PORT_QOS_MAP/Ethernet8/pfc_enable " + pfc,
            "remove /QUEUE/Ethernet0|3/extra",
            "replace /SCHEDULER/rdma/weight " + weight,
            "replace /WRED_PROFILE/rdma/wred_green_enable " + wred),
        ops(p));
    assertEquals(
        List.of(
            new DriftedPart(Feature.MTU, "Ethernet8"),
            new DriftedPart(Feature.PFC, "Ethernet0"),
            new DriftedPart(Feature.PFC, "Ethernet8"),
            new DriftedPart(Feature.SCHEDULER, "Ethernet0"),
            DriftedPart.switchWide(Feature.SCHEDULER),
            DriftedPart.switchWide(Feature.ECN)),
        p.ops().stream().map(PatchRemediation.Op::part).toList());
    // applied, the patch leaves nothing to do, and everything it does not own is as it was
    Map<String, Map<String, Object>> after = parse(apply(Json.write(db), p.text()));
    assertEquals(List.of(), ops(patch(after)));
    assertEquals("100000", entry(after, "PORT", "Ethernet8").get("speed"));
    assertEquals("dynamic", entry(after, "DEVICE_METADATA", "localhost").get("buffer_model"));
    assertEquals(List.of("SRC_IP"), entry(after, "SWITCH_HASH", "GLOBAL").get("lag_hash"));
    assertEquals("rs", entry(after, "PORT", "Ethernet0").get("fec"));
    assertEquals(db.get("LOOPBACK_INTERFACE"), after.get("LOOPBACK_INTERFACE"));
  }

  @Test
  void aMissingEntryOrTableIsAddedWholeAndAWatchdogOnAPortWithoutOneIsRemoved() throws Exception {
    Map<String, Map<String, Object>> db = running();
    db.remove("WRED_PROFILE");
    db.get("BUFFER_PG").remove("Ethernet8|3");
    db.get("PFC_WD").put("Ethernet400", Map.of("action", "drop")); // not Weft's port: stays
    PatchRemediation.Patch p = patch(db);
    List<String> ops = ops(p);
    assertEquals(2, ops.size(), ops.toString());
    assertTrue(ops.get(0).startsWith("add /BUFFER_PG/Ethernet8|3 {profile="), ops.get(0));
    assertTrue(ops.get(1).startsWith("add /WRED_PROFILE {rdma={"), ops.get(1));
    Map<String, Map<String, Object>> after = parse(apply(Json.write(db), p.text()));
    assertEquals(List.of(), ops(patch(after)));
  }

  @Test
  void jsonPointerSegmentsEscapeSlashAndTilde() throws Exception {
    assertEquals(
        "/BUFFER_PG/Ethernet1~11|3/a~0b",
        PatchRemediation.pointer("BUFFER_PG", "Ethernet1/1|3", "a~b"));
    // a port name with '/' survives the round trip through a patch
    Map<String, Object> doc = new TreeMap<>(Map.of("T", new TreeMap<>()));
    String patch =
        Json.write(
            List.of(
                Map.of(
                    "op",
                    "add",
                    "path",
                    PatchRemediation.pointer("T", "Eth1/1|~3"),
                    "value",
                    "x")));
    assertEquals("x", parse(apply(Json.write(doc), patch)).get("T").get("Eth1/1|~3"));
  }

  @Test
  void theSameInputsGiveTheSamePatchTextWhateverTheKeyOrder() throws Exception {
    Map<String, Map<String, Object>> db = running();
    entry(db, "SCHEDULER", "rdma").put("weight", "60");
    db.get("BUFFER_PG").put("Ethernet16|3-4", Map.of("profile", "x"));
    Map<String, Object> reversed = new java.util.LinkedHashMap<>();
    List<String> tables = new ArrayList<>(db.keySet());
    java.util.Collections.reverse(tables);
    tables.forEach(k -> reversed.put(k, db.get(k)));
    assertEquals(patch(db).text(), patch(reversed).text());
    assertTrue(
        patch(db).text().startsWith("[\n    {\n        \"op\": \"remove\""), patch(db).text());
  }

  @Test
  void aRunningConfigThatIsNotJsonIsALocatedReadError() {
    ReadException e =
        assertThrows(
            ReadException.class,
            () -> SONIC.patch(LEAF, RENDERED, "{\"PORT\": [", "leaf-01 `show`"));
    assertTrue(e.getMessage().startsWith("leaf-01 `show`:1:"), e.getMessage());
    ReadException table =
        assertThrows(
            ReadException.class,
            () -> SONIC.patch(LEAF, RENDERED, "{\"SCHEDULER\": []}", "leaf-01 `show`"));
    assertTrue(table.getMessage().contains("SCHEDULER is not a JSON object"), table.getMessage());
  }

  // ------------------------------------------------------------------ helpers

  @SuppressWarnings("unchecked")
  private static Map<String, Map<String, Object>> parse(String json) throws Exception {
    return (Map<String, Map<String, Object>>) Json.parse(json);
  }

  /** A minimal RFC 6902 applier (add, replace, remove on objects), to check the patch's effect. */
  @SuppressWarnings("unchecked")
  private static String apply(String doc, String patch) throws Exception {
    Object root = Json.parse(doc);
    for (Object o : (List<Object>) Json.parse(patch)) {
      Map<String, Object> op = (Map<String, Object>) o;
      List<String> segments = new ArrayList<>();
      for (String s : ((String) op.get("path")).substring(1).split("/", -1)) {
        segments.add(s.replace("~1", "/").replace("~0", "~"));
      }
      Map<String, Object> parent = (Map<String, Object>) root;
      for (String s : segments.subList(0, segments.size() - 1)) {
        parent = (Map<String, Object>) parent.get(s);
      }
      String last = segments.get(segments.size() - 1);
      switch ((String) op.get("op")) {
        case "add" -> parent.put(last, op.get("value"));
        case "replace" -> {
          assertTrue(parent.containsKey(last), "replace of a missing member " + op);
          parent.put(last, op.get("value"));
        }
        case "remove" -> {
          assertTrue(parent.containsKey(last), "remove of a missing member " + op);
          parent.remove(last);
        }
        default -> throw new AssertionError(op.toString());
      }
    }
    return Json.write(root);
  }
}
