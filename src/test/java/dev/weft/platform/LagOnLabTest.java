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
 * LAG membership on REAL devices, src/test/resources/lag's leaves on netconfd loaded with the
 * vendors' published models: qfx-leaf (Juniper's models), whose et-0/0/0 and et-0/0/1 join ae1
 * ({@code lag: ae1}), and eos-leaf (Arista's EOS 4.36.1F OpenConfig models with
 * openconfig-if-aggregate), whose Ethernet1 and Ethernet2 join Port-Channel1. The rendered members
 * (Junos {@code gigether-options 802.3ad ae1}, EOS {@code ethernet/config/aggregate-id}) and the
 * LAG interfaces are accepted by the devices and by yanglint and read back by drift in sync; a
 * member moved to another LAG on the device with python3-ncclient, and a member taken out, are each
 * one drift-port finding on that member at its lag line.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/bin/python3", "/usr/bin/yanglint"})
class LagOnLabTest {

  private static final String INVENTORY = "src/test/resources/lag";
  private static final String LEAF = "qfx-leaf";
  private static final String EOS = "eos-leaf";
  private static final String NXOS = "nxos-leaf";
  private static final String CONFIG =
      "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\""
          + " xmlns:nc=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
          + "<configuration xmlns=\"http://yang.juniper.net/junos/conf/root\">"
          + "<interfaces xmlns=\"http://yang.juniper.net/junos/conf/interfaces\">"
          + "<interface><name>et-0/0/1</name><gigether-options>";
  private static final String END =
      "</gigether-options></interface></interfaces></configuration></config>";
  private static final String EOS_CONFIG =
      "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\""
          + " xmlns:nc=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
          + "<interfaces xmlns=\"http://openconfig.net/yang/interfaces\">";
  private static final String EOS_MEMBER =
      "<interface><name>Ethernet2</name>"
          + "<ethernet xmlns=\"http://openconfig.net/yang/interfaces/ethernet\"><config>";
  private static final String EOS_END = "</config></ethernet></interface></interfaces></config>";
  private static final String AGG = "http://openconfig.net/yang/interfaces/aggregate";

  /** The et-0/0/1 line of src/test/resources/lag/fabric.yaml, where its lag: ae1 is. */
  private static final int MEMBER_LINE = 51;

  /** The Ethernet2 line of src/test/resources/lag/fabric.yaml, where its lag: Port-Channel1 is. */
  private static final int EOS_MEMBER_LINE = 62;

  /** The Ethernet1/2 line of src/test/resources/lag/fabric.yaml, where its lag: is. */
  private static final int NXOS_MEMBER_LINE = 71;

  private static LabPod pod;

  @BeforeAll
  static void start() throws Exception {
    pod =
        LabPod.start(
            INVENTORY,
            Map.of("juniper", List.of(LEAF), "arista", List.of(EOS), "cisco", List.of(NXOS)));
    for (String device : List.of(LEAF, EOS, NXOS)) {
      String rendered = pod.rendered(device);
      assertTrue(
          rendered.contains("<bundle>ae1</bundle>")
              || rendered.contains(">Port-Channel1</aggregate-id>")
              || rendered.contains("<id>po1</id>"),
          rendered);
      LabPod.Verdict lint = pod.yanglint(device, rendered);
      assertEquals(0, lint.exit(), device + ": " + lint.output());
    }
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

  @Test
  void theEosMembersAndPortChannel1AreAcceptedAndReadBackInSync() throws Exception {
    Cli r = pod.drift(List.of(EOS));
    assertEquals(List.of(), r.findings(), r.out() + r.err());
    assertEquals(Map.of(EOS, "ok"), r.devices());
    assertEquals(0, r.exit(), r.err());
  }

  /** The device takes the move only with Port-Channel2 there: aggregate-id is a leafref. */
  @Test
  void anEosMemberMovedToPortChannel2OnTheDeviceIsOnePortFindingAtItsLagLine() throws Exception {
    pod.inject(
        EOS,
        EOS_CONFIG
            + "<interface><name>Port-Channel2</name><config><name>Port-Channel2</name>"
            + "<type xmlns:ianaift=\"urn:ietf:params:xml:ns:yang:iana-if-type\">"
            + "ianaift:ieee8023adLag</type></config></interface>"
            + EOS_MEMBER
            + "<aggregate-id xmlns=\""
            + AGG
            + "\">Port-Channel2</aggregate-id>"
            + EOS_END);
    Map<String, Object> f = onlyEosFinding();
    assertEquals(
        List.of("Port-Channel1", "Port-Channel2"), List.of(f.get("expected"), f.get("actual")));
  }

  @Test
  void anEosMemberTakenOutOfThePortChannelIsOnePortFindingAtItsLagLine() throws Exception {
    pod.inject(
        EOS,
        EOS_CONFIG
            + EOS_MEMBER
            + "<aggregate-id xmlns=\""
            + AGG
            + "\" nc:operation=\"delete\"/>"
            + EOS_END);
    Map<String, Object> f = onlyEosFinding();
    assertEquals(List.of("Port-Channel1", "none"), List.of(f.get("expected"), f.get("actual")));
  }

  @Test
  void theNxosMembersAndPo1AreAcceptedAndReadBackInSync() throws Exception {
    Cli r = pod.drift(List.of(NXOS));
    assertEquals(List.of(), r.findings(), r.out() + r.err());
    assertEquals(Map.of(NXOS, "ok"), r.devices());
    assertEquals(0, r.exit(), r.err());
  }

  /**
   * po1 deleted on the device: each member is one drift-port finding at its own lag line. (The
   * lab's netconfd ends the session on a delete of one RsMbrIfs-list entry, whose key is a DN with
   * brackets and quotes: the whole port-channel is deleted instead.)
   */
  @Test
  void po1DeletedOnTheNxosDeviceIsOnePortFindingPerMemberAtItsLagLine() throws Exception {
    pod.inject(
        NXOS,
        "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\""
            + " xmlns:nc=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
            + "<System xmlns=\"http://cisco.com/ns/yang/cisco-nx-os-device\"><intf-items>"
            + "<aggr-items><AggrIf-list nc:operation=\"delete\"><id>po1</id></AggrIf-list>"
            + "</aggr-items></intf-items></System></config>");
    Cli r = pod.drift(List.of(NXOS));
    assertEquals(2, r.findings().size(), r.out() + r.err());
    for (int k = 0; k < 2; k++) {
      Map<String, Object> f = r.findings().get(k);
      assertEquals("drift-port", f.get("rule"));
      assertEquals(List.of("port-channel1", "none"), List.of(f.get("expected"), f.get("actual")));
      String port = (String) f.get("port");
      assertEquals(
          port.equals("Ethernet1/2") ? NXOS_MEMBER_LINE : NXOS_MEMBER_LINE - 1,
          ((Number) f.get("line")).intValue(),
          port + ": the member's lag line");
    }
    assertEquals(
        List.of("Ethernet1/1", "Ethernet1/2"),
        r.findings().stream().map(f -> (String) f.get("port")).sorted().toList());
    assertEquals(1, r.exit());
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

  private static Map<String, Object> onlyEosFinding() throws Exception {
    Cli r = pod.drift(List.of(EOS));
    assertEquals(1, r.findings().size(), r.out() + r.err());
    Map<String, Object> f = r.findings().get(0);
    assertEquals("drift-port", f.get("rule"));
    assertEquals("Ethernet2", f.get("port"));
    assertEquals("/interfaces/interface[Ethernet2]/ethernet/config/aggregate-id", f.get("path"));
    assertEquals(INVENTORY + "/fabric.yaml", f.get("file"));
    assertEquals(EOS_MEMBER_LINE, ((Number) f.get("line")).intValue(), "the member's lag line");
    assertEquals(1, r.exit());
    return f;
  }
}
