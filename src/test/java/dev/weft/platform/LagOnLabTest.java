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
 * LAG membership on a REAL Junos device: src/test/resources/lag's qfx-leaf, whose et-0/0/0 and
 * et-0/0/1 join ae1 ({@code lag: ae1}), on netconfd loaded with Juniper's published models. The
 * rendered members' {@code gigether-options 802.3ad ae1} and the ae1 interface are accepted by the
 * device and by yanglint and read back by drift in sync; a member moved to ae2 on the device with
 * python3-ncclient, and a member taken out of the bundle, are each one drift-port finding on that
 * member at its lag line.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/bin/python3", "/usr/bin/yanglint"})
class LagOnLabTest {

  private static final String INVENTORY = "src/test/resources/lag";
  private static final String LEAF = "qfx-leaf";
  private static final String CONFIG =
      "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\""
          + " xmlns:nc=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
          + "<configuration xmlns=\"http://yang.juniper.net/junos/conf/root\">"
          + "<interfaces xmlns=\"http://yang.juniper.net/junos/conf/interfaces\">"
          + "<interface><name>et-0/0/1</name><gigether-options>";
  private static final String END =
      "</gigether-options></interface></interfaces></configuration></config>";

  /** The et-0/0/1 line of src/test/resources/lag/fabric.yaml, where its lag: ae1 is. */
  private static final int MEMBER_LINE = 51;

  private static LabPod pod;

  @BeforeAll
  static void start() throws Exception {
    pod = LabPod.start(INVENTORY, Map.of("juniper", List.of(LEAF)));
    String rendered = pod.rendered(LEAF);
    assertTrue(rendered.contains("<bundle>ae1</bundle>"), rendered);
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
    pod.seed();
  }

  @Test
  void theRenderedMembersAndAe1AreAcceptedAndReadBackInSync() throws Exception {
    Cli r = pod.drift(List.of(LEAF));
    assertEquals(List.of(), r.findings(), r.out() + r.err());
    assertEquals(Map.of(LEAF, "ok"), r.devices());
    assertEquals(0, r.exit(), r.err());
  }

  @Test
  void aMemberMovedToAe2OnTheDeviceIsOnePortFindingAtItsLagLine() throws Exception {
    pod.inject(LEAF, CONFIG + "<ieee-802.3ad><bundle>ae2</bundle></ieee-802.3ad>" + END);
    Map<String, Object> f = onlyFinding();
    assertEquals(List.of("ae1", "ae2"), List.of(f.get("expected"), f.get("actual")));
  }

  @Test
  void aMemberTakenOutOfTheBundleIsOnePortFindingAtItsLagLine() throws Exception {
    pod.inject(LEAF, CONFIG + "<ieee-802.3ad nc:operation=\"delete\"/>" + END);
    Map<String, Object> f = onlyFinding();
    assertEquals(List.of("ae1", "none"), List.of(f.get("expected"), f.get("actual")));
  }

  private static Map<String, Object> onlyFinding() throws Exception {
    Cli r = pod.drift(List.of(LEAF));
    assertEquals(1, r.findings().size(), r.out() + r.err());
    Map<String, Object> f = r.findings().get(0);
    assertEquals("drift-port", f.get("rule"));
    assertEquals("et-0/0/1", f.get("port"));
    assertEquals(
        "/configuration/interfaces/interface[et-0/0/1]/gigether-options/ieee-802.3ad/bundle",
        f.get("path"));
    assertEquals(INVENTORY + "/fabric.yaml", f.get("file"));
    assertEquals(MEMBER_LINE, ((Number) f.get("line")).intValue(), "the member's lag line");
    assertEquals(1, r.exit());
    return f;
  }
}
