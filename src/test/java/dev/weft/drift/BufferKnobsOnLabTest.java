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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The lossless buffer knobs of {@code fabric.pfc} (issue 30 item 6) on a real netconfd loading the
 * project's OpenConfig subset and weft-qos-ext: the rendered buffer allocation profile (alpha as
 * upstream's dynamic-limit-scaling-factor, bound at each PFC port's input) and the shared headroom
 * pool are accepted by the device's YANG, {@code weft drift} reads them back in sync, and each
 * changed on the device with ncclient is one {@code drift-buffers} finding at the knob's intent
 * line.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd", "/usr/bin/python3"})
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BufferKnobsOnLabTest {

  private static final String QOS = "http://openconfig.net/yang/qos";
  private static NetconfLab lab;
  private static Path root;
  private static Path inventory;
  private static Path credentials;
  private static CompiledSwitch leaf;

  @BeforeAll
  static void start() throws Exception {
    lab = NetconfLab.start(1);
    root = Files.createTempDirectory("weft-buffer-knobs");
    int port = lab.device(1).port();
    inventory = DriftOnDevicesTest.writeInventory(root, port, port, port);
    Path fabric = inventory.resolve("fabric.yaml");
    String text = Files.readString(fabric);
    assertTrue(text.contains("    link-pause: false\n"));
    Files.writeString(
        fabric,
        text.replace(
            "    link-pause: false\n",
            "    link-pause: false\n    dynamic-threshold: -2\n    headroom-over-subscription: 2\n"));
    credentials = root.resolve("credentials.yaml");
    Files.writeString(credentials, "lab:\n  user: netconf\n  key-file: " + lab.clientKey() + "\n");
    IntentResult intent = TestPlatforms.intentReader().read(new WorkingTreeSource(root, inventory));
    assertNotNull(intent.model(), intent.findings().toString());
    CompiledFabric compiled = Compiler.compile(intent.model(), AsicProfiles.builtIn()).fabric();
    leaf = (CompiledSwitch) compiled.device("oc-leaf-1").orElseThrow();
    assertNotNull(leaf.losslessBuffer().sharedHeadroomPoolBytes(), "the leaf has headroom");
    Renderer.DeviceOutput out =
        new Renderer(TemplateFolders.builtIn()).renderDevice(leaf, compiled.fabric());
    assertEquals(List.of(), out.findings());
    String xml = out.text("config.xml");
    assertTrue(xml.contains("<dynamic-limit-scaling-factor>-2</dynamic-limit-scaling-factor>"));
    // the device's YANG judges the rendered knobs: seeding fails on a node or leafref it refuses
    lab.device(1).seed(xml, lab.clientKey());
  }

  @AfterAll
  static void stop() throws Exception {
    if (lab != null) {
      lab.close();
    }
    if (root != null) {
      FileTrees.delete(root);
    }
  }

  private static Cli drift() {
    return Cli.run(
        new LabRun(inventory, root, lab.knownHosts(), credentials)
            .json("drift", "20s", "--device", "oc-leaf-1"));
  }

  @Test
  @Order(1)
  void theRenderedKnobsAreOnTheDeviceAndReadBackInSync() throws Exception {
    Cli r = drift();
    assertEquals(List.of(), r.findings(), r.out() + r.err());
    assertEquals(Map.of("oc-leaf-1", "ok"), r.devices());
  }

  @Test
  @Order(2)
  void alphaAndPoolChangedOnTheDeviceAreTwoBufferFindingsAtTheKnobLines() throws Exception {
    long pool = leaf.losslessBuffer().sharedHeadroomPoolBytes();
    // one lossless queue's factor lowered: the reader takes the smallest bound one (earliest XOFF)
    lab.device(1)
        .injectWithNcclient(
            "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
                + "<qos xmlns=\""
                + QOS
                + "\"><buffer-allocation-profiles><buffer-allocation-profile><name>lossless</name>"
                + "<queues><queue><name>q3</name><config><name>q3</name>"
                + "<dynamic-limit-scaling-factor>-5</dynamic-limit-scaling-factor></config></queue>"
                + "</queues></buffer-allocation-profile></buffer-allocation-profiles>"
                + "<shared-headroom-pool xmlns=\"urn:weft:yang:qos-ext\"><config><size>"
                + (pool * 2)
                + "</size></config></shared-headroom-pool></qos></config>",
            lab.clientKey());
    Cli r = drift();
    List<Map<String, Object>> found = r.findings();
    assertEquals(2, found.size(), r.out());
    Map<String, String> byPath = new java.util.TreeMap<>();
    for (Map<String, Object> f : found) {
      assertEquals("drift-buffers", f.get("rule"), f.toString());
      assertEquals("inventories/roce-pod-c/fabric.yaml", f.get("file"), f.toString());
      byPath.put((String) f.get("path"), f.get("expected") + " -> " + f.get("actual"));
    }
    assertEquals(
        Map.of(
            "/qos/buffer-allocation-profiles/buffer-allocation-profile/queues/queue/config/"
                + "dynamic-limit-scaling-factor",
            "alpha 2^-2 -> alpha 2^-5",
            "/qos/shared-headroom-pool/config/size",
            pool + " B -> " + (pool * 2) + " B"),
        byPath,
        r.out());
    assertEquals(Map.of("oc-leaf-1", "drift"), r.devices());
    assertEquals(1, r.exit());
  }
}
