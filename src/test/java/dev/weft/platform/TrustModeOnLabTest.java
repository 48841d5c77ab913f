package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.drift.Cli;
import dev.weft.testing.LabTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A switch's trust mode on REAL devices: src/test/resources/trust-mode, whose switches trust PCP
 * (fabric.trust: pcp, a PCP map that folds PCP 1 into priority 0). Its Junos leaf runs on netconfd
 * loaded with Juniper's published models: the rendered IEEE 802.1p classifier and its binding are
 * accepted by the device and by yanglint and read back by drift in sync; a PCP code point moved on
 * the device with python3-ncclient is one drift-classification finding at the classifier's path and
 * the pcp-map line, and a port bound back to the DSCP classifier is one on that port at the trust
 * line. Its EOS leaf is read over NETCONF (Arista's models) and over its CLI (scripts/ssh-lab's eos
 * account, loaded with the rendered weft-qos.eos.cfg): {@code qos trust cos} and the {@code qos map
 * cos} lines read back in sync, and a CoS moved on the CLI is one finding at the pcp-map line.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd", "/usr/bin/python3", "/usr/bin/yanglint"})
class TrustModeOnLabTest {

  private static final String INVENTORY = "src/test/resources/trust-mode";
  private static final String LEAF = "qfx-leaf";
  private static final String EOS = "eos-leaf";
  private static final String CLI_FILE = "weft-qos.eos.cfg";
  private static final String CONFIG =
      "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\""
          + " xmlns:nc=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
          + "<configuration xmlns=\"http://yang.juniper.net/junos/conf/root\">"
          + "<class-of-service xmlns=\"http://yang.juniper.net/junos/conf/class-of-service\">";
  private static final String END = "</class-of-service></configuration></config>";

  private static LabPod pod;

  @BeforeAll
  static void start() throws Exception {
    pod =
        LabPod.startWithCli(
            INVENTORY, Map.of("juniper", List.of(LEAF), "arista", List.of(EOS)), List.of(EOS));
    String rendered = pod.rendered(LEAF);
    assertTrue(rendered.contains("<classifier-name>weft-pcp</classifier-name>"), rendered);
    LabPod.Verdict lint = pod.yanglint(LEAF, rendered);
    assertEquals(0, lint.exit(), lint.output());
  }

  @AfterAll
  static void stop() throws Exception {
    if (pod != null) {
      pod.close();
    }
  }

  @BeforeEach
  void seed() throws Exception {
    pod.seedWithCli("eos", CLI_FILE);
  }

  private static void loadCli(String text) throws Exception {
    pod.cli().loadOrFail(1, "eos", List.of(text));
  }

  @Test
  void eosTrustsCosOnItsCliAndReadsBackInSync() throws Exception {
    String rendered = pod.rendered(EOS, CLI_FILE);
    assertTrue(rendered.contains("   qos trust cos\n"), rendered);
    assertTrue(rendered.contains("qos map cos 1 to traffic-class 0\n"), rendered);
    Cli r = pod.drift(List.of(EOS));
    assertEquals(List.of(), r.findings(), r.out() + r.err());
    assertEquals(Map.of(EOS, "ok"), r.devices());
  }

  @Test
  void aCosMovedOnTheEosCliIsOneClassificationFindingAtThePcpMapLine() throws Exception {
    loadCli(
        pod.rendered(EOS, CLI_FILE)
            .replace("qos map cos 3 to traffic-class 3\n", "qos map cos 3 to traffic-class 0\n"));
    Cli r = pod.drift(List.of(EOS));
    assertEquals(1, r.findings().size(), r.out() + r.err());
    Map<String, Object> f = r.findings().get(0);
    assertEquals("drift-classification", f.get("rule"));
    assertEquals(
        List.of("3", "0", "cli: qos map cos 3 to traffic-class"),
        List.of(f.get("expected"), f.get("actual"), f.get("path")));
    assertEquals(INVENTORY + "/fabric.yaml", f.get("file"));
    assertEquals(32, ((Number) f.get("line")).intValue(), "the pcp-map line");
    assertEquals(1, r.exit());
  }

  @Test
  void theRenderedPcpClassifierIsAcceptedAndReadBackInSync() throws Exception {
    Cli r = pod.drift(List.of(LEAF));
    assertEquals(List.of(), r.findings(), r.out() + r.err());
    assertEquals(Map.of(LEAF, "ok"), r.devices());
    assertEquals(0, r.exit(), r.err());
  }

  @Test
  void aPcpMovedOnTheDeviceIsOneClassificationFindingAtThePcpMapLine() throws Exception {
    // PCP 3 (011) leaves tc3: the device then classifies it to priority 0
    pod.inject(
        LEAF,
        CONFIG
            + "<classifiers><ieee-802.1><name>weft-pcp</name><forwarding-class><name>tc3</name>"
            + "<loss-priority><name>low</name>"
            + "<code-points nc:operation=\"delete\">011</code-points>"
            + "</loss-priority></forwarding-class></ieee-802.1></classifiers>"
            + END);
    Cli r = pod.drift(List.of(LEAF));
    assertEquals(1, r.findings().size(), r.out() + r.err());
    Map<String, Object> f = r.findings().get(0);
    assertEquals("drift-classification", f.get("rule"));
    assertEquals(List.of("3", "0"), List.of(f.get("expected"), f.get("actual")));
    assertEquals(
        "/configuration/class-of-service/classifiers/ieee-802.1[weft-pcp]/forwarding-class/loss-priority/code-points",
        f.get("path"));
    assertEquals(INVENTORY + "/fabric.yaml", f.get("file"));
    assertEquals(32, ((Number) f.get("line")).intValue(), "the pcp-map line");
    assertEquals(Map.of(LEAF, "drift"), pod.drift(List.of(LEAF)).devices());
    assertEquals(1, r.exit());
  }

  @Test
  void aPortBoundToTheDscpClassifierOnTheDeviceIsOneFindingAtTheTrustLine() throws Exception {
    pod.inject(
        LEAF,
        CONFIG
            + "<interfaces><interface><name>et-0/0/0</name><classifiers>"
            + "<ieee-802.1 nc:operation=\"delete\"/>"
            + "<dscp><name>weft-dscp</name></dscp>"
            + "</classifiers></interface></interfaces>"
            + END);
    Cli r = pod.drift(List.of(LEAF));
    assertEquals(1, r.findings().size(), r.out() + r.err());
    Map<String, Object> f = r.findings().get(0);
    assertEquals("drift-classification", f.get("rule"));
    assertEquals("et-0/0/0", f.get("port"));
    assertEquals(List.of("false", "true"), List.of(f.get("expected"), f.get("actual")));
    assertEquals(INVENTORY + "/fabric.yaml", f.get("file"));
    assertEquals(31, ((Number) f.get("line")).intValue(), "the fabric's trust: pcp line");
    assertEquals(1, r.exit());
  }
}
