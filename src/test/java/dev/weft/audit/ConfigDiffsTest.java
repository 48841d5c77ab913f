package dev.weft.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.finding.Finding;
import dev.weft.finding.Severity;
import dev.weft.json.Json;
import dev.weft.platform.ConfigView;
import dev.weft.platform.Feature;
import dev.weft.platform.cumulus.CumulusPack;
import dev.weft.platform.openconfig.OpenConfigPack;
import dev.weft.platform.sonic.SonicPack;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.testing.NvueJson;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ConfigDiffsTest {

  private static final ConfigView SONIC = new SonicPack().configView().orElseThrow();

  private static final String RENDERED =
      """
            {"DEVICE_METADATA": {"localhost": {"hostname": "leaf-01"}},
             "PORT": {"Ethernet0": {"mtu": "9216", "speed": "400000"}, "Ethernet8": {"mtu": "9216", "speed": "400000"}},
             "PFC_WD": {"GLOBAL": {"POLL_INTERVAL": "100"}}}""";

  /**
   * What the switch runs: Ethernet8's MTU drifted, a factory port Weft does not manage, and tables
   * holding secrets.
   */
  private static final String RUNNING =
      """
            {"DEVICE_METADATA": {"localhost": {"hostname": "leaf-01", "mac": "52:54:00:12:34:56"}},
             "PORT": {"Ethernet0": {"mtu": "9216", "speed": "400000"}, "Ethernet8": {"mtu": "9100", "speed": "400000"},
                      "Ethernet16": {"mtu": "9100", "speed": "400000", "admin_status": "down"}},
             "PFC_WD": {"GLOBAL": {"POLL_INTERVAL": "100"}},
             "SNMP_COMMUNITY": {"n0t-public": {"TYPE": "RW"}},
             "TACPLUS_SERVER": {"10.0.0.9": {"passkey": "hunter2"}}}""";

  @Test
  void aDriftedMtuShowsThePortTableOnlyWithTheChangedLineAndTheLeftOutPartNamed() {
    ConfigDiff d = ConfigDiffs.of(SONIC, "leaf-01", RUNNING, RENDERED, Set.of(Feature.MTU));
    assertEquals("config_db.json", d.file());
    assertEquals("table PORT", d.scope());
    assertTrue(
        d.text().startsWith("--- a/intent/config_db.json\n+++ b/leaf-01/config_db.json\n@@"),
        d.text());
    assertTrue(
        d.text().contains("\n-            \"mtu\": \"9216\",\n+            \"mtu\": \"9100\",\n"),
        d.text());
    assertFalse(
        d.text().contains("Ethernet16"),
        "a port the intent does not render is left out: " + d.text());
    assertFalse(
        d.text().contains("DEVICE_METADATA") || d.text().contains("PFC_WD"),
        "other tables are not in scope");
    assertEquals(
        "left out: 1 entry of the running config that the intent does not render", d.note());
    assertEquals(
        d,
        ConfigDiffs.of(SONIC, "leaf-01", RUNNING, RENDERED, Set.of(Feature.MTU)),
        "deterministic");
  }

  @Test
  void aDriftThePackCannotPlaceCoversEveryRenderedTableAndNeverTheDevicesSecrets() {
    ConfigDiff d =
        ConfigDiffs.of(
            SONIC,
            "leaf-01",
            RUNNING,
            RENDERED,
            ConfigDiffs.drifted(
                List.of(
                    Finding.of("drift-mtu", Severity.ERROR, "mtu"),
                    Finding.of("drift-port", Severity.ERROR, "extra port"))));
    assertEquals("every rendered table", d.scope());
    assertTrue(
        d.text().contains("+            \"mac\": \"52:54:00:12:34:56\""),
        "the rendered tables whole: " + d.text());
    for (String secret : List.of("n0t-public", "hunter2", "SNMP_COMMUNITY", "TACPLUS")) {
      assertFalse(d.text().contains(secret), secret + " reached the diff: " + d.text());
    }
    assertEquals(
        "left out: 3 entries of the running config that the intent does not render", d.note());
  }

  @Test
  void theDriftedFeaturesComeFromTheDriftIdsAndAnIdWithoutAFeatureMeansTheWholeFile() {
    assertEquals(
        Set.of(Feature.MTU, Feature.PFC),
        ConfigDiffs.drifted(
            List.of(
                Finding.of("drift-mtu", Severity.ERROR, "a"),
                    Finding.of("drift-pfc", Severity.WARNING, "b"),
                Finding.of("not-audited", Severity.INFO, "c"),
                    Finding.of("pfc-enabled-on-lossy", Severity.ERROR, "d"))));
    assertEquals(
        Set.of(), ConfigDiffs.drifted(List.of(Finding.of("drift-port", Severity.ERROR, "extra"))));
  }

  @Test
  void aNetconfReplyIsLaidBesideTheRenderedConfigTreeByTreeAndAnythingElseStaysOut() {
    String rendered =
        """
                <config xmlns="urn:ietf:params:xml:ns:netconf:base:1.0"><qos xmlns="urn:example:qos"><pfc>
                <priority>3</priority></pfc></qos></config>""";
    String reply =
        """
                <rpc-reply xmlns="urn:ietf:params:xml:ns:netconf:base:1.0" message-id="1"><data>
                  <q:qos xmlns:q="urn:example:qos"><q:pfc><q:priority>4</q:priority></q:pfc><q:secret>abc</q:secret></q:qos>
                  <system xmlns="urn:example:system"><aaa><user><name>admin</name><password>$6$salt$hash</password></user></aaa></system>
                </data></rpc-reply>""";
    ConfigDiff d =
        ConfigDiffs.of(ConfigView.netconf(), "leaf-9", reply, rendered, Set.of(Feature.PFC));
    assertEquals("config.xml", d.file());
    assertEquals("every rendered tree", d.scope());
    assertTrue(
        d.text().contains("-    <priority>3</priority>\n+    <priority>4</priority>\n"),
        "prefixes and whitespace are no difference: " + d.text());
    assertFalse(
        d.text().contains("$6$") || d.text().contains("admin"),
        "the system tree is not rendered: " + d.text());
    assertTrue(
        d.text().contains("+  <secret>***</secret>"),
        "a secret inside a rendered tree is masked: " + d.text());
    assertFalse(d.text().contains("abc"));
    assertEquals(
        "left out: 1 tree of the running config that the intent does not render", d.note());
  }

  /**
   * A device answers in its model's schema order and writes decimal64 values in its own precision
   * (EOS: the watchdog timers); the rendered file has the template's order and spelling. Neither is
   * a difference.
   */
  @Test
  void schemaOrderAndDecimalSpellingAreNoDifferenceAndTheRealChangeStillIs() {
    String rendered =
        """
                <config xmlns="urn:ietf:params:xml:ns:netconf:base:1.0"><intf xmlns="urn:example:eos">
                <port><name>Ethernet1/1</name><mtu>9214</mtu><port-speed>400g</port-speed><enable-flow-control>true</enable-flow-control></port>
                <port><name>Ethernet2/1</name><mtu>9214</mtu><port-speed>400g</port-speed><enable-flow-control>true</enable-flow-control></port>
                <watchdog><timeout>0.40</timeout><polling-interval>0.100</polling-interval><count>10</count></watchdog>
                </intf></config>""";
    String reply =
        """
                <rpc-reply xmlns="urn:ietf:params:xml:ns:netconf:base:1.0" message-id="3"><data><intf xmlns="urn:example:eos">
                <port><enable-flow-control>true</enable-flow-control><mtu>1500</mtu><name>Ethernet1/1</name><port-speed>400g</port-speed></port>
                <port><enable-flow-control>true</enable-flow-control><mtu>9214</mtu><name>Ethernet2/1</name><port-speed>400g</port-speed></port>
                <watchdog><count>10</count><polling-interval>0.1</polling-interval><timeout>0.4</timeout></watchdog>
                </intf></data></rpc-reply>""";
    ConfigDiff d =
        ConfigDiffs.of(ConfigView.netconf(), "leaf-c1", reply, rendered, Set.of(Feature.MTU));
    List<String> changed = d.text().lines().filter(l -> l.matches("[-+][^-+].*")).toList();
    assertEquals(List.of("-    <mtu>9214</mtu>", "+    <mtu>1500</mtu>"), changed, d.text());
  }

  /**
   * The rendered OpenConfig file of a real example switch, and the reply of a device whose
   * Ethernet8 MTU drifted.
   */
  @Test
  void theRenderedOpenConfigFileBesideItsDriftedReplyDiffersInTheMtuLineOnly() {
    CompiledFabric fabric = Examples.compile("roce-pod-c");
    CompiledSwitch sw = (CompiledSwitch) fabric.device("oc-leaf-1").orElseThrow();
    Renderer renderer = new Renderer(TemplateFolders.builtIn());
    String rendered = renderer.renderDevice(sw, fabric.fabric()).text("config.xml");
    String trees =
        rendered.substring(
            rendered.indexOf('>', rendered.indexOf("<config")) + 1,
            rendered.lastIndexOf("</config>"));
    int ethernet8 = trees.indexOf("<name>Ethernet8</name>");
    String drifted =
        trees.substring(0, ethernet8)
            + trees.substring(ethernet8).replaceFirst("<mtu>[0-9]+</mtu>", "<mtu>1500</mtu>");
    String reply =
        "<rpc-reply xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\" message-id=\"7\"><data>"
            + drifted
            + "<lldp xmlns=\"http://openconfig.net/yang/lldp\"><config><enabled>true</enabled></config></lldp></data></rpc-reply>";
    ConfigDiff d =
        ConfigDiffs.of(
            new OpenConfigPack(), renderer, sw, fabric.fabric(), reply, Set.of(Feature.MTU));
    assertEquals("every rendered tree", d.scope());
    List<String> changed = d.text().lines().filter(l -> l.matches("[-+][^-+].*")).toList();
    assertEquals(
        List.of(
            "-      <mtu>"
                + sw.ports().stream()
                    .filter(p -> p.name().equals("Ethernet8"))
                    .findFirst()
                    .orElseThrow()
                    .mtu()
                + "</mtu>",
            "+      <mtu>1500</mtu>"),
        changed,
        d.text());
    assertEquals(
        "left out: 1 tree of the running config that the intent does not render", d.note());
  }

  @Test
  void aLongDiffIsCutAtALineEndAndTheNoteSaysHowMuch() {
    StringBuilder file = new StringBuilder("{\"PORT\": {");
    StringBuilder live = new StringBuilder("{\"PORT\": {");
    for (int i = 0; i < 2000; i++) {
      file.append(i == 0 ? "" : ",")
          .append("\"Ethernet")
          .append(i)
          .append("\": {\"mtu\": \"9216\"}");
      live.append(i == 0 ? "" : ",")
          .append("\"Ethernet")
          .append(i)
          .append("\": {\"mtu\": \"1500\"}");
    }
    ConfigDiff d = ConfigDiffs.of(SONIC, "leaf-01", live + "}}", file + "}}", Set.of(Feature.MTU));
    assertTrue(
        d.text().length() <= ConfigDiffs.MAX_CHARS && d.text().endsWith("\n"), "cut at a line end");
    assertTrue(
        d.note()
            .matches(
                "cut after [0-9]+ lines: [0-9]+ more lines \\(a device's diff is capped at 16 KiB\\)"),
        d.note());
  }

  @Test
  void whatCannotBeDiffedIsANoteNotACrash() {
    ConfigDiff bad = ConfigDiffs.of(SONIC, "leaf-01", "{\"PORT\": ", RENDERED, Set.of(Feature.MTU));
    assertNull(bad.file());
    assertEquals("", bad.text());
    assertTrue(bad.note().startsWith("no diff: "), bad.note());
    ConfigDiff list = ConfigDiffs.of(SONIC, "leaf-01", "[1, 2]", RENDERED, Set.of(Feature.MTU));
    assertTrue(list.note().contains("expected a JSON object"), list.note());
  }

  /**
   * A real rendered startup.yaml beside what NVUE prints after applying it (the lab's translation),
   * with one interface's MTU changed and the switch's users and management interface, which Weft
   * never renders.
   */
  @Test
  @SuppressWarnings("unchecked")
  void aCumulusSwitchShowsTheInterfaceTreeOfItsSetDocumentAndNeverItsUsers() throws Exception {
    CompiledFabric fabric = Examples.compile("roce-pod-c");
    CompiledSwitch sw =
        fabric.devices().stream()
            .filter(d -> d instanceof CompiledSwitch s && s.platform().equals("cumulus"))
            .map(d -> (CompiledSwitch) d)
            .findFirst()
            .orElseThrow();
    Renderer renderer = new Renderer(TemplateFolders.builtIn());
    String shown =
        NvueJson.fromStartupYaml(renderer.renderDevice(sw, fabric.fabric()).text("startup.yaml"));
    List<Object> revision = (List<Object>) Json.parse(shown);
    Map<String, Object> set =
        (Map<String, Object>) ((Map<String, Object>) revision.get(1)).get("set");
    String port = sw.ports().get(0).name();
    Map<String, Object> link =
        (Map<String, Object>)
            ((Map<String, Object>) ((Map<String, Object>) set.get("interface")).get(port))
                .get("link");
    link.put("mtu", 1500L);
    ((Map<String, Object>) set.get("system"))
        .put(
            "aaa",
            Map.of(
                "user", Map.of("cumulus", Map.of("hashed-password", "$6$rounds=5000$salt$hash"))));
    ((Map<String, Object>) set.get("interface"))
        .put("eth0", Map.of("ip", Map.of("address", Map.of("dhcp", Map.of()))));
    ConfigDiff d =
        ConfigDiffs.of(
            new CumulusPack(),
            renderer,
            sw,
            fabric.fabric(),
            Json.write(revision),
            Set.of(Feature.MTU));
    assertEquals("startup.yaml", d.file());
    assertEquals("tree interface", d.scope());
    List<String> changed = d.text().lines().filter(l -> l.matches("[-+][^-+].*")).toList();
    assertEquals(2, changed.size(), d.text());
    assertTrue(
        changed.get(0).matches("-\\s+\"mtu\": [0-9]+,?")
            && changed.get(1).matches("\\+\\s+\"mtu\": 1500,?"),
        d.text());
    assertEquals(
        "left out: 1 entry of the running config that the intent does not render",
        d.note(),
        "eth0");
    ConfigDiff hash =
        ConfigDiffs.of(
            new CumulusPack(), renderer, sw, fabric.fabric(), Json.write(revision), Set.of());
    assertFalse(
        hash.text().contains("hashed-password") || hash.text().contains("$6$"), hash.text());
  }
}
