package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.drift.Cli;
import dev.weft.testing.LabTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The {@code eos} pack over NETCONF on two REAL netconfd devices loaded with Arista's published EOS
 * 4.36.1F OpenConfig models and {@code arista-qos-augments}: roce-pod-e's EOS spines. The
 * classifier and the hash, which EOS serves over gNMI or its CLI only, are {@code not-audited}.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd", "/usr/bin/python3", "/usr/bin/yanglint"})
class EosOnLabTest extends VendorLabContract {

  private static final List<String> SPINES = List.of("eos-spine-1", "eos-spine-2");
  private static final String AUG = "http://arista.com/yang/openconfig/qos/augments";

  /**
   * An operator's changes in EOS's shape on eos-spine-1: a standard MTU on Ethernet2/1, no-drop on
   * priority 3 only (bitmap 0x08) on Ethernet1/1, and RDMA queue marking from 200 KB instead of 150
   * KB (VendorRemediateOnLabTest brings them back).
   */
  static final String INJECTED =
      "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
          // a standard MTU on Ethernet2/1
          + "<interfaces xmlns=\"http://openconfig.net/yang/interfaces\"><interface><name>Ethernet2/1</name>"
          + "<config><name>Ethernet2/1</name><mtu>1500</mtu></config></interface></interfaces>"
          + "<qos xmlns=\"http://openconfig.net/yang/qos\"><interfaces><interface><interface-id>Ethernet1/1</interface-id>"
          // no-drop on priority 3 only (bitmap 0x08) on Ethernet1/1
          + "<output><pfc xmlns=\""
          + AUG
          + "\"><config><priorities-no-drop>08</priorities-no-drop></config></pfc>"
          + "</output></interface></interfaces>"
          // RDMA queue marking starts at 200 KB instead of 150 KB
          + "<queues><queue><name>3</name><ecn xmlns=\""
          + AUG
          + "\"><config><min-threshold>200000</min-threshold>"
          + "</config></ecn></queue></queues></qos></config>";

  @Override
  String inventory() {
    return NxosOnLabTest.INVENTORY;
  }

  @Override
  String vendor() {
    return "arista";
  }

  @Override
  List<String> devices() {
    return SPINES;
  }

  /** A queue's bandwidth share of 150: arista-qos-augments types it an OpenConfig percentage. */
  @Override
  String withWrongValue(String payload) {
    return payload.replaceFirst(
        "<bandwidth xmlns=\"" + AUG + "\">50</bandwidth>",
        "<bandwidth xmlns=\"" + AUG + "\">150</bandwidth>");
  }

  @Override
  String refusedNode() {
    return "value not in range";
  }

  @Override
  String yanglintSays() {
    return "Unsatisfied range - value \"150\" is out of the allowed range";
  }

  @Override
  List<String> notAudited() {
    return List.of("buffers", "classification", "hash");
  }

  @Override
  List<String> backupHolds() {
    return List.of(
        "http://openconfig.net/yang/qos",
        AUG,
        "<priorities-no-drop>18</priorities-no-drop>",
        "<min-threshold>150000</min-threshold>",
        "<mtu>9214</mtu>");
  }

  @Test
  void driftInjectedInEosShapeIsFoundPerFeatureWithItsIntentLine() throws Exception {
    pod.inject("eos-spine-1", INJECTED);
    Cli r = pod.drift(SPINES);
    Map<String, Map<String, Object>> drift = DriftFindings.byKey(r);
    assertEquals(
        List.of(
            "drift-ecn eos-spine-1 -",
            "drift-mtu eos-spine-1 Ethernet2/1",
            "drift-pfc eos-spine-1 Ethernet1/1"),
        List.copyOf(drift.keySet()),
        r.out());
    DriftFindings.assertOwnedByTheIntent(drift.values(), NxosOnLabTest.INVENTORY);
    Map<String, Object> mtu = drift.get("drift-mtu eos-spine-1 Ethernet2/1");
    assertEquals(
        List.of("9214", "1500", "/interfaces/interface[Ethernet2/1]/config/mtu"),
        List.of(mtu.get("expected"), mtu.get("actual"), mtu.get("path")));
    Map<String, Object> pfc = drift.get("drift-pfc eos-spine-1 Ethernet1/1");
    assertEquals(
        List.of(
            "[3,4]",
            "[3]",
            "/qos/interfaces/interface[Ethernet1/1]/output/pfc/config/priorities-no-drop"),
        List.of(pfc.get("expected"), pfc.get("actual"), pfc.get("path")));
    Map<String, Object> ecn = drift.get("drift-ecn eos-spine-1 -");
    assertEquals(
        List.of("150000 B", "200000 B", "/qos/queues/queue[3]/ecn/config/min-threshold"),
        List.of(ecn.get("expected"), ecn.get("actual"), ecn.get("path")));
    assertEquals(Map.of("eos-spine-1", "drift", "eos-spine-2", "ok"), r.devices());
    assertEquals(1, r.exit());
  }
}
