package dev.weft.drift;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.compile.AsicProfiles;
import dev.weft.compile.CompiledFabric;
import dev.weft.compile.CompiledSwitch;
import dev.weft.compile.Compiler;
import dev.weft.intent.IntentResult;
import dev.weft.render.Examples;
import dev.weft.render.Renderer;
import dev.weft.render.TemplateFolders;
import dev.weft.source.WorkingTreeSource;
import dev.weft.testing.FileTrees;
import dev.weft.testing.LabRun;
import dev.weft.testing.LabTest;
import dev.weft.testing.NetconfLab;
import dev.weft.testing.TestPlatforms;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * LAG membership on a REAL OpenConfig device (netconfd behind OpenSSH on loopback, loaded with the
 * project's OpenConfig models, openconfig-if-aggregate among them): src/test/resources/lag's
 * oc-leaf, whose Ethernet0 joins Port-Channel1. The rendered member's {@code aggregate-id} and the
 * Port-Channel1 interface are accepted by the device and read back by drift in sync; the member
 * moved to Port-Channel2 with python3-ncclient, or taken out, is one drift-port finding at its lag
 * line.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd", "/usr/bin/python3"})
class OpenConfigLagOnLabTest {

  private static final String LEAF = "oc-leaf";
  private static final String AGG = "http://openconfig.net/yang/interfaces/aggregate";
  private static final String HEAD =
      "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\""
          + " xmlns:nc=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
          + "<interfaces xmlns=\"http://openconfig.net/yang/interfaces\">";
  private static final String MEMBER =
      "<interface><name>Ethernet0</name>"
          + "<ethernet xmlns=\"http://openconfig.net/yang/interfaces/ethernet\"><config>";
  private static final String END = "</config></ethernet></interface></interfaces></config>";

  /** The oc-leaf line of src/test/resources/lag/fabric.yaml, where its port's lag: is. */
  private static final int LAG_LINE = 53;

  private static NetconfLab lab;
  private static Path root;
  private static Path inventory;
  private static Path credentials;
  private static String rendered;

  @BeforeAll
  static void startDevice() throws Exception {
    lab = NetconfLab.start(1);
    root = Files.createTempDirectory("weft-oc-lag-root");
    inventory = root.resolve("lag");
    Files.createDirectories(inventory);
    String fabric =
        Files.readString(Examples.projectRoot().resolve("src/test/resources/lag/fabric.yaml"));
    String pointed =
        fabric.replace(
            "{ name: oc-leaf, role: leaf, platform: openconfig, asic: spectrum-4, ports:",
            "{ name: oc-leaf, role: leaf, platform: openconfig, asic: spectrum-4, management: {"
                + " host: 127.0.0.1, port: "
                + lab.device(1).port()
                + ", credentials: lab }, ports:");
    assertTrue(!pointed.equals(fabric), "the inventory edit applies");
    Files.writeString(inventory.resolve("fabric.yaml"), pointed);
    credentials = root.resolve("credentials.yaml");
    Files.writeString(credentials, "lab:\n  user: netconf\n  key-file: " + lab.clientKey() + "\n");
    IntentResult intent = TestPlatforms.intentReader().read(new WorkingTreeSource(root, inventory));
    assertNotNull(intent.model(), intent.findings().toString());
    CompiledFabric compiled = Compiler.compile(intent.model(), AsicProfiles.builtIn()).fabric();
    CompiledSwitch leaf = (CompiledSwitch) compiled.device(LEAF).orElseThrow();
    Renderer.DeviceOutput out =
        new Renderer(TemplateFolders.builtIn()).renderDevice(leaf, compiled.fabric());
    assertTrue(out.findings().isEmpty(), out.findings().toString());
    rendered = out.text("config.xml");
    assertTrue(rendered.contains(">Port-Channel1</aggregate-id>"), rendered);
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

  private static Cli drift() {
    return Cli.run(
        new LabRun(inventory, root, lab.knownHosts(), credentials)
            .json("drift", "20s", "--device", LEAF));
  }

  @Test
  void theRenderedMemberAndPortChannel1AreAcceptedAndReadBackInSync() throws Exception {
    Cli r = drift();
    assertEquals(List.of(), r.findings(), r.out() + r.err());
    assertEquals(Map.of(LEAF, "ok"), r.devices());
    assertEquals(0, r.exit(), r.err());
  }

  /** The device takes the move only with Port-Channel2 there: aggregate-id is a leafref. */
  @Test
  void theMemberMovedToPortChannel2OnTheDeviceIsOnePortFindingAtItsLagLine() throws Exception {
    lab.device(1)
        .injectWithNcclient(
            HEAD
                + "<interface><name>Port-Channel2</name><config><name>Port-Channel2</name>"
                + "<type xmlns:ianaift=\"urn:ietf:params:xml:ns:yang:iana-if-type\">"
                + "ianaift:ieee8023adLag</type></config></interface>"
                + MEMBER
                + "<aggregate-id xmlns=\""
                + AGG
                + "\">Port-Channel2</aggregate-id>"
                + END,
            lab.clientKey());
    Map<String, Object> f = onlyFinding();
    assertEquals(
        List.of("Port-Channel1", "Port-Channel2"), List.of(f.get("expected"), f.get("actual")));
  }

  @Test
  void theMemberTakenOutOfThePortChannelIsOnePortFindingAtItsLagLine() throws Exception {
    lab.device(1)
        .injectWithNcclient(
            HEAD + MEMBER + "<aggregate-id xmlns=\"" + AGG + "\" nc:operation=\"delete\"/>" + END,
            lab.clientKey());
    Map<String, Object> f = onlyFinding();
    assertEquals(List.of("Port-Channel1", "none"), List.of(f.get("expected"), f.get("actual")));
  }

  private static Map<String, Object> onlyFinding() throws Exception {
    Cli r = drift();
    assertEquals(1, r.findings().size(), r.out() + r.err());
    Map<String, Object> f = r.findings().get(0);
    assertEquals("drift-port", f.get("rule"));
    assertEquals("Ethernet0", f.get("port"));
    assertEquals("/interfaces/interface[Ethernet0]/ethernet/config/aggregate-id", f.get("path"));
    assertEquals(LAG_LINE, ((Number) f.get("line")).intValue(), "the member's lag line");
    assertEquals(1, r.exit());
    return f;
  }
}
