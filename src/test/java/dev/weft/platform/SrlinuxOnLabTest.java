package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.drift.Cli;
import dev.weft.testing.LabTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The {@code srlinux} pack against two REAL netconfd devices loaded with Nokia's published SR Linux
 * v25.3.1 models (srl_nokia-qos, -interfaces, -load-balancing and their imports, edited by
 * scripts/yang-recipe; {@code yang/vendor/nokia}): the rendered payload of roce-pod-d's spines is
 * accepted by the device and by yanglint, a wrong value is rejected by both, drift is in sync after
 * the push, drift injected with python3-ncclient in Nokia's shape is found per feature with its
 * intent line, and backup stores the SR Linux-shaped tree. SR Linux's deadlock detection has no
 * action, so the watchdog change injected is its detection timer.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd", "/usr/bin/python3", "/usr/bin/yanglint"})
class SrlinuxOnLabTest extends VendorLabContract {

  private static final List<String> SPINES = List.of("srl-spine-1", "srl-spine-2");
  private static final String CONFIG =
      "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\""
          + " xmlns:nc=\"urn:ietf:params:xml:ns:netconf:base:1.0\">";
  private static final String QOS = "<qos xmlns=\"urn:nokia.com:srlinux:qos:qos\">";

  /**
   * An operator's changes in Nokia's shape (for python3-ncclient): a standard MTU on ethernet-1/2,
   * queue 4 of ethernet-1/1 no longer honouring pause frames for priority 4, deadlock detection
   * after 600 ms instead of 400 ms, and RDMA marking from 200 kB instead of 150 kB. {@link
   * VendorRemediateOnLabTest} brings them back.
   */
  static final String INJECTED =
      CONFIG
          + "<interface xmlns=\"urn:nokia.com:srlinux:chassis:interfaces\"><name>ethernet-1/2</name><mtu>1500</mtu></interface>"
          + QOS
          + "<pfc-mapping-profile><name>pfc-ethernet-1/1</name><received-pfc-pause-frames>"
          + "<queue nc:operation=\"delete\"><queue-name>q4</queue-name></queue>"
          + "<deadlock><detection-timer>600</detection-timer></deadlock></received-pfc-pause-frames></pfc-mapping-profile>"
          + "<buffer-management><queue-management-profile><name>rdma</name><wred><wred-slope><traffic-type>all</traffic-type>"
          + "<drop-probability>all</drop-probability><enable-ecn>true</enable-ecn><min-threshold>200000</min-threshold>"
          + "</wred-slope></wred></queue-management-profile></buffer-management></qos></config>";

  @Override
  String vendor() {
    return "nokia";
  }

  @Override
  List<String> devices() {
    return SPINES;
  }

  /** Deadlock detection takes 10..1500 ms. */
  @Override
  String withWrongValue(String payload) {
    return payload.replaceFirst(
        "<detection-timer>400</detection-timer>", "<detection-timer>5000</detection-timer>");
  }

  @Override
  String refusedNode() {
    return "detection-timer";
  }

  @Override
  String yanglintSays() {
    return "Unsatisfied range - value \"5000\" is out of the allowed range";
  }

  @Override
  List<String> backupHolds() {
    return List.of(
        "urn:nokia.com:srlinux:qos:qos",
        "<name>pfc-ethernet-1/1</name>",
        "<min-threshold>150000</min-threshold>",
        "<mtu>9216</mtu>");
  }

  @Test
  void driftInjectedInSrLinuxShapeIsFoundPerFeatureWithItsIntentLine() throws Exception {
    pod.inject("srl-spine-1", INJECTED);
    Cli r = pod.drift(SPINES);
    Map<String, Map<String, Object>> drift = DriftFindings.byKey(r);
    assertEquals(
        List.of(
            "drift-ecn srl-spine-1 -",
            "drift-mtu srl-spine-1 ethernet-1/2",
            "drift-pfc srl-spine-1 ethernet-1/1",
            "drift-watchdog srl-spine-1 -"),
        List.copyOf(drift.keySet()),
        r.out());
    DriftFindings.assertOwnedByTheIntent(drift.values(), LabPod.INVENTORY);

    Map<String, Object> mtu = drift.get("drift-mtu srl-spine-1 ethernet-1/2");
    assertEquals(
        List.of("9216", "1500", "/interface[ethernet-1/2]/mtu"),
        List.of(mtu.get("expected"), mtu.get("actual"), mtu.get("path")));
    Map<String, Object> pfc = drift.get("drift-pfc srl-spine-1 ethernet-1/1");
    assertEquals(List.of("[3,4]", "[3]"), List.of(pfc.get("expected"), pfc.get("actual")));
    Map<String, Object> wd = drift.get("drift-watchdog srl-spine-1 -");
    assertEquals(
        List.of(
            "400 ms",
            "600 ms",
            "/qos/pfc-mapping-profile/received-pfc-pause-frames/deadlock/detection-timer"),
        List.of(wd.get("expected"), wd.get("actual"), wd.get("path")));
    Map<String, Object> ecn = drift.get("drift-ecn srl-spine-1 -");
    assertEquals(List.of("150000 B", "200000 B"), List.of(ecn.get("expected"), ecn.get("actual")));
    assertEquals(
        "/qos/buffer-management/queue-management-profile[rdma]/wred/wred-slope[all][all][true]/min-threshold",
        ecn.get("path"));
    assertEquals(Map.of("srl-spine-1", "drift", "srl-spine-2", "ok"), r.devices());
    assertEquals(1, r.exit());
  }
}
