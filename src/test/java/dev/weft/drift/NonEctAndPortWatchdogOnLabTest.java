package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.Compiler;
import dev.weft.intent.IntentResult;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.FileTrees;
import dev.weft.testing.LabRun;
import dev.weft.testing.LabTest;
import dev.weft.testing.NetconfLab;
import dev.weft.testing.TestPlatforms;
import dev.weft.testing.Weft;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A port's own PFC watchdog action and the WRED drop of non-ECT packets on a REAL NETCONF device
 * (netconfd behind OpenSSH on loopback, loaded with the project's OpenConfig and weft-qos-ext
 * models). roce-pod-c's oc-leaf-1 gets a port exception (Ethernet256 forwards on a storm); the
 * rendered payload is accepted by the device and drift reads it back in sync; a change made with
 * python3-ncclient, an independent client, to that port's action or to a profile's {@code drop}
 * leaf is exactly one drift finding naming the port or profile and the vendor path.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd", "/usr/bin/python3"})
class NonEctAndPortWatchdogOnLabTest {

  private static final String QOS = "http://openconfig.net/yang/qos";
  private static final String EXT = "urn:weft:yang:qos-ext";

  private static NetconfLab lab;
  private static Path root;
  private static Path inventory;
  private static Path credentials;
  private static String rendered;

  @BeforeAll
  static void startDevice() throws Exception {
    lab = NetconfLab.start(1);
    root = Files.createTempDirectory("weft-nonect-root");
    inventory = writeInventory(root, lab.device(1).port());
    credentials = root.resolve("credentials.yaml");
    Files.writeString(credentials, "lab:\n  user: netconf\n  key-file: " + lab.clientKey() + "\n");
    IntentResult intent = TestPlatforms.intentReader().read(new WorkingTreeSource(root, inventory));
    assertNotNull(intent.model(), intent.findings().toString());
    CompiledFabric compiled = Compiler.compile(intent.model(), AsicProfiles.builtIn()).fabric();
    CompiledSwitch leaf = (CompiledSwitch) compiled.device("oc-leaf-1").orElseThrow();
    assertEquals("forward", leaf.port("Ethernet256").watchdogAction());
    Renderer.DeviceOutput out =
        new Renderer(TemplateFolders.builtIn()).renderDevice(leaf, compiled.fabric());
    assertTrue(out.findings().isEmpty(), out.findings().toString());
    rendered = out.text("config.xml");
    // the exception port forwards, the other three watchdog ports take the fabric's drop
    assertEquals(1, count(rendered, "<action>forward</action>"), rendered);
    assertEquals(3, count(rendered, "<action>drop</action>"), rendered);
    assertEquals(2, count(rendered, "<drop>false</drop>"), "both classes keep non-ECT packets");
  }

  @AfterAll
  static void stopDevice() throws Exception {
    if (lab != null) {
      lab.close();
    }
    if (root != null) {
      FileTrees.delete(root);
    }
  }

  @BeforeEach
  void seed() throws Exception {
    lab.device(1).seed(rendered, lab.clientKey());
  }

  /** Copies inventories/roce-pod-c, points oc-leaf-1 at the lab, gives Ethernet256 an exception. */
  private static Path writeInventory(Path root, int port) throws Exception {
    Path dst = Weft.copyExample("roce-pod-c", root.resolve("inventories/roce-pod-c"));
    Path leaves = dst.resolve("switches/leaves.yaml");
    String before = Files.readString(leaves);
    String oc1 = before.substring(before.indexOf("  - name: oc-leaf-1"));
    String oc1After =
        oc1.replace("port: 18403", "port: " + port)
            .replaceFirst(
                "\\{ name: Ethernet256, profile: fabric-400g \\}",
                "{ name: Ethernet256, profile: fabric-400g, exception: { reason: \"uplink forwards"
                    + " on a storm\", watchdog: { action: forward } } }");
    assertTrue(!oc1After.equals(oc1), "the inventory edit applies");
    Files.writeString(leaves, before.replace(oc1, oc1After));
    return dst;
  }

  private static Cli drift() {
    return Cli.run(
        new LabRun(inventory, root, lab.knownHosts(), credentials)
            .json("drift", "20s", "--device", "oc-leaf-1"));
  }

  @Test
  void theRenderedActionsAndDropLeavesAreAcceptedAndReadBackInSync() throws Exception {
    Cli r = drift();
    assertEquals(List.of(), r.findings(), r.out() + r.err());
    assertEquals(Map.of("oc-leaf-1", "ok"), r.devices());
    assertEquals(0, r.exit(), r.err());
  }

  @Test
  void thePortsOwnActionChangedOnTheDeviceIsOneWatchdogFindingOnThatPort() throws Exception {
    lab.device(1)
        .injectWithNcclient(
            "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
                + "<qos xmlns=\""
                + QOS
                + "\"><interfaces><interface><interface-id>Ethernet256</interface-id>"
                + "<pfc xmlns=\""
                + EXT
                + "\"><watchdog><config><action>drop</action></config></watchdog></pfc>"
                + "</interface></interfaces></qos></config>",
            lab.clientKey());
    Cli r = drift();
    assertEquals(1, r.findings().size(), r.out() + r.err());
    Map<String, Object> f = r.findings().get(0);
    assertEquals("drift-watchdog", f.get("rule"));
    assertEquals("Ethernet256", f.get("port"));
    assertEquals("forward", f.get("expected"));
    assertEquals("drop", f.get("actual"));
    assertEquals(
        "/qos/interfaces/interface[Ethernet256]/pfc/watchdog/config/action", f.get("path"));
    // the intent line that sets the action: the port's exception
    assertEquals("inventories/roce-pod-c/switches/leaves.yaml", f.get("file"));
    assertEquals(Map.of("oc-leaf-1", "drift"), r.devices());
    assertEquals(1, r.exit());
  }

  @Test
  void aProfileThatDropsNonEctOnTheDeviceIsOneEcnFinding() throws Exception {
    lab.device(1)
        .injectWithNcclient(
            "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
                + "<qos xmlns=\""
                + QOS
                + "\"><queue-management-profiles><queue-management-profile><name>rdma</name>"
                + "<wred><uniform><config><drop>true</drop></config></uniform></wred>"
                + "</queue-management-profile></queue-management-profiles></qos></config>",
            lab.clientKey());
    Cli r = drift();
    assertEquals(1, r.findings().size(), r.out() + r.err());
    Map<String, Object> f = r.findings().get(0);
    assertEquals("drift-ecn", f.get("rule"));
    assertEquals("keep", f.get("expected"));
    assertEquals("drop", f.get("actual"));
    assertEquals(
        "/qos/queue-management-profiles/queue-management-profile[rdma]/wred/uniform/config/drop",
        f.get("path"));
    assertEquals("inventories/roce-pod-c/fabric.yaml", f.get("file"));
    assertEquals(1, r.exit());
  }

  private static int count(String text, String part) {
    return (text.length() - text.replace(part, "").length()) / part.length();
  }
}
