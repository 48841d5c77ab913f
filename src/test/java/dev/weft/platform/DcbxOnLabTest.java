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
 * A switch's DCBX mode on REAL devices: src/test/resources/dcbx (fabric.dcbx: ieee at line 32),
 * whose NX-OS leaf runs on netconfd loaded with Cisco's published Cisco-NX-OS-device model. The
 * rendered LLDP TLV selector (with dcbxp) and each port's {@code portDCBXPVer IEEE} are accepted by
 * the device and by yanglint and read back by drift in sync; a port set back to auto-detect with
 * python3-ncclient is one drift-pfc finding at the dcbx line, and dcbxp dropped from the TLV
 * selector ({@code no lldp tlv-select dcbxp}) reads as dcbx off, one finding at the same line.
 *
 * <p>Its EOS leaf runs on netconfd loaded with Arista's models and, for its CLI half, on an sshd
 * device of {@code scripts/ssh-lab} that answers {@code show running-config section ...} from the
 * running-config text it holds (the rendered weft-qos.eos.cfg, with {@code dcbx mode ieee} on its
 * port): drift reads it in sync, and the line gone from the CLI config (EOS's default, DCBX off) is
 * one drift-pfc finding at the dcbx line.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd", "/usr/bin/python3", "/usr/bin/yanglint"})
class DcbxOnLabTest {

  private static final String INVENTORY = "src/test/resources/dcbx";
  private static final String LEAF = "nx-leaf";
  private static final String EOS = "eos-leaf";
  private static final String EOS_FILE = "weft-qos.eos.cfg";
  private static final int DCBX_LINE = 32;
  private static final String LLDP =
      "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
          + "<System xmlns=\"http://cisco.com/ns/yang/cisco-nx-os-device\">"
          + "<lldp-items><inst-items>";
  private static final String END = "</inst-items></lldp-items></System></config>";

  private static LabPod pod;

  @BeforeAll
  static void start() throws Exception {
    pod =
        LabPod.startWithCli(
            INVENTORY, Map.of("cisco", List.of(LEAF), "arista", List.of(EOS)), List.of(EOS));
    String rendered = pod.rendered(LEAF);
    assertTrue(rendered.contains("<portDCBXPVer>IEEE</portDCBXPVer>"), rendered);
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
    pod.seedWithCli("eos", EOS_FILE);
  }

  @Test
  void theRenderedDcbxIsAcceptedAndReadBackInSync() throws Exception {
    Cli r = pod.drift(List.of(LEAF));
    assertEquals(List.of(), r.findings(), r.out() + r.err());
    assertEquals(Map.of(LEAF, "ok"), r.devices());
    assertEquals(0, r.exit(), r.err());
  }

  @Test
  void aPortBackOnAutoDetectIsOnePfcFindingAtTheDcbxLine() throws Exception {
    pod.inject(
        LEAF,
        LLDP
            + "<if-items><If-list><id>eth1/2</id><portDCBXPVer>auto</portDCBXPVer></If-list>"
            + "</if-items>"
            + END);
    assertOneFinding("mixed");
  }

  @Test
  void dcbxpDroppedFromTheTlvSelectorReadsAsOffAtTheDcbxLine() throws Exception {
    pod.inject(
        LEAF,
        LLDP
            + "<optTlvSel>port-desc,sys-name,sys-desc,sys-cap,mgmt-addr-v4,mgmt-addr-v6,port-vlan,"
            + "power-mgmt</optTlvSel>"
            + END);
    assertOneFinding("off");
  }

  @Test
  void eosReadsItsDcbxModeBackInSyncOverItsCli() throws Exception {
    assertTrue(pod.rendered(EOS, EOS_FILE).contains("   dcbx mode ieee\n"));
    Cli r = pod.drift(List.of(EOS));
    assertEquals(List.of(), r.findings(), r.out() + r.err());
    assertEquals(Map.of(EOS, "ok"), r.devices());
    assertEquals(0, r.exit(), r.err());
  }

  @Test
  void eosWithoutItsDcbxModeLineIsOffAtTheDcbxLine() throws Exception {
    String rendered = pod.rendered(EOS, EOS_FILE);
    pod.cli().loadOrFail(1, "eos", List.of(rendered.replace("   dcbx mode ieee\n", "")));
    Cli r = pod.drift(List.of(EOS));
    assertEquals(1, r.findings().size(), r.out() + r.err());
    Map<String, Object> f = r.findings().get(0);
    assertEquals("drift-pfc", f.get("rule"));
    assertEquals(List.of("ieee", "off"), List.of(f.get("expected"), f.get("actual")));
    assertEquals("cli: interface dcbx mode ieee | no dcbx mode", f.get("path"));
    assertEquals(INVENTORY + "/fabric.yaml", f.get("file"));
    assertEquals(DCBX_LINE, ((Number) f.get("line")).intValue(), "the fabric's dcbx line");
    assertEquals(Map.of(EOS, "drift"), r.devices());
    assertEquals(1, r.exit());
  }

  /**
   * {@code weft remediate --apply} puts the line back in a configuration session, only that
   * interface's dcbx mode, and drift then reads the EOS leaf in sync.
   */
  @Test
  void eosDcbxModeIsBroughtBackInASession() throws Exception {
    String rendered = pod.rendered(EOS, EOS_FILE);
    pod.cli().loadOrFail(1, "eos", List.of(rendered.replace("   dcbx mode ieee\n", "")));
    Cli dry = pod.weft("remediate", List.of(EOS));
    assertEquals(
        "interface Ethernet1/1\n   dcbx mode ieee\n", dry.plan(EOS).get("edit"), dry.out());
    Cli r = pod.weft("remediate", List.of(EOS), "--apply");
    assertEquals(Map.of(EOS, "remediated"), r.devices(), r.out() + r.err());
    assertEquals(0, r.exit(), r.out());
    assertTrue(pod.cli().running(1).contains("   dcbx mode ieee\n"), pod.cli().running(1));
    Cli drift = pod.drift(List.of(EOS));
    assertEquals(List.of(), drift.findings(), drift.out());
    assertEquals(Map.of(EOS, "ok"), drift.devices());
  }

  private static void assertOneFinding(String actual) throws Exception {
    Cli r = pod.drift(List.of(LEAF));
    assertEquals(1, r.findings().size(), r.out() + r.err());
    Map<String, Object> f = r.findings().get(0);
    assertEquals("drift-pfc", f.get("rule"));
    assertEquals(List.of("ieee", actual), List.of(f.get("expected"), f.get("actual")));
    assertEquals("/System/lldp-items/inst-items/if-items/If-list/portDCBXPVer", f.get("path"));
    assertEquals(INVENTORY + "/fabric.yaml", f.get("file"));
    assertEquals(DCBX_LINE, ((Number) f.get("line")).intValue(), "the fabric's dcbx line");
    assertEquals(Map.of(LEAF, "drift"), r.devices());
    assertEquals(1, r.exit());
  }
}
