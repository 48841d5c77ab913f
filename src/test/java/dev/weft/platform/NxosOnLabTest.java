package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.drift.Cli;
import dev.weft.testing.LabTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The {@code nxos} pack on two REAL netconfd devices loaded with Cisco's published {@code
 * Cisco-NX-OS-device} model (NX-OS 9.3(2)): roce-pod-e's NX-OS leaves.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd", "/usr/bin/python3", "/usr/bin/yanglint"})
class NxosOnLabTest extends VendorLabContract {

  static final String INVENTORY = "inventories/roce-pod-e";
  private static final List<String> LEAVES = List.of("nx-leaf-1", "nx-leaf-2");
  private static final String SYSTEM =
      "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
          + "<System xmlns=\"http://cisco.com/ns/yang/cisco-nx-os-device\">";

  @Override
  String inventory() {
    return INVENTORY;
  }

  @Override
  String vendor() {
    return "cisco";
  }

  @Override
  List<String> devices() {
    return LEAVES;
  }

  /** A 9300-byte jumbo MTU: NX-OS's l1_Mtu stops at 9216. */
  @Override
  String withWrongValue(String payload) {
    return payload.replaceFirst("<mtu>9214</mtu>", "<mtu>9300</mtu>");
  }

  @Override
  String refusedNode() {
    return "value not in range";
  }

  @Override
  String yanglintSays() {
    return "Unsatisfied range - value \"9300\" is out of the allowed range";
  }

  @Override
  List<String> notAudited() {
    return List.of("buffers");
  }

  @Override
  List<String> backupHolds() {
    return List.of(
        "http://cisco.com/ns/yang/cisco-nx-os-device",
        "<id>eth1/1</id>",
        "<pfcCos3>true</pfcCos3>",
        "<minThreshold>150000</minThreshold>",
        "<loadShareMode>srcDestPort</loadShareMode>");
  }

  @Test
  void driftInjectedInNxosShapeIsFoundPerFeatureWithItsIntentLine() throws Exception {
    pod.inject(
        "nx-leaf-1",
        SYSTEM
            // PFC mode off on eth1/1, a standard MTU on eth1/2
            + "<intf-items><phys-items>"
            + "<PhysIf-list><id>eth1/1</id><priorflowctrl-items><mode>2</mode></priorflowctrl-items></PhysIf-list>"
            + "<PhysIf-list><id>eth1/2</id><mtu>1500</mtu></PhysIf-list>"
            + "</phys-items></intf-items>"
            // RDMA queue marking starts at 200 KB instead of 150 KB
            + "<ipqos-items><queuing-items><p-items><name-items><PMapInst-list><name>weft-out</name><cmap-items>"
            + "<MatchCMap-list><name>c-out-8q-q3</name><RandDet-items><minThreshold>200000</minThreshold>"
            + "</RandDet-items></MatchCMap-list></cmap-items></PMapInst-list></name-items></p-items>"
            + "</queuing-items></ipqos-items></System></config>");
    Cli r = pod.drift(LEAVES);
    Map<String, Map<String, Object>> drift = DriftFindings.byKey(r);
    // with PFC off, eth1/1's watchdog has nothing to watch: that port's watchdog drifts too
    assertEquals(
        List.of(
            "drift-ecn nx-leaf-1 -",
            "drift-mtu nx-leaf-1 Ethernet1/2",
            "drift-pfc nx-leaf-1 Ethernet1/1",
            "drift-watchdog nx-leaf-1 Ethernet1/1"),
        List.copyOf(drift.keySet()),
        r.out());
    DriftFindings.assertOwnedByTheIntent(drift.values(), INVENTORY);
    Map<String, Object> mtu = drift.get("drift-mtu nx-leaf-1 Ethernet1/2");
    assertEquals(
        List.of("9214", "1500", "/System/intf-items/phys-items/PhysIf-list[eth1/2]/mtu"),
        List.of(mtu.get("expected"), mtu.get("actual"), mtu.get("path")));
    Map<String, Object> pfc = drift.get("drift-pfc nx-leaf-1 Ethernet1/1");
    assertEquals(
        List.of(
            "[3,4]",
            "[]",
            "/System/intf-items/phys-items/PhysIf-list[eth1/1]/priorflowctrl-items/mode"),
        List.of(pfc.get("expected"), pfc.get("actual"), pfc.get("path")));
    Map<String, Object> ecn = drift.get("drift-ecn nx-leaf-1 -");
    assertEquals(
        List.of(
            "150000 B",
            "200000 B",
            "/System/ipqos-items/queuing-items/p-items/name-items/PMapInst-list[weft-out]"
                + "/cmap-items/MatchCMap-list[c-out-8q-q3]/RandDet-items/minThreshold"),
        List.of(ecn.get("expected"), ecn.get("actual"), ecn.get("path")));
    assertEquals(INVENTORY + "/fabric.yaml", ecn.get("file"));
    assertEquals(Map.of("nx-leaf-1", "drift", "nx-leaf-2", "ok"), r.devices());
    assertEquals(1, r.exit());
  }
}
