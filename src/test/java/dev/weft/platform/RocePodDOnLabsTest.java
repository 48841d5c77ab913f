package dev.weft.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.drift.Cli;
import dev.weft.testing.LabTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The walk of docs/netconf-lab.md on the example that uses both vendor packs: {@code
 * inventories/roce-pod-d} (two Junos QFX leaves, two SR Linux spines) against a Juniper lab and a
 * Nokia lab, seeded with the rendered payloads. {@code weft drift} on the whole inventory finds
 * every device in sync; one value changed on one device is that device's only drift.
 */
@LabTest(needs = {"/usr/sbin/netconfd", "/usr/sbin/sshd", "/usr/bin/python3", "/usr/bin/yanglint"})
class RocePodDOnLabsTest {

  private static LabPod pod;

  @BeforeAll
  static void startLabs() throws Exception {
    pod =
        LabPod.start(
            Map.of(
                "juniper",
                List.of("qfx-leaf-1", "qfx-leaf-2"),
                "nokia",
                List.of("srl-spine-1", "srl-spine-2")));
    pod.seed();
  }

  @AfterAll
  static void stopLabs() throws Exception {
    if (pod != null) {
      pod.close();
    }
  }

  @Test
  void theWholeExampleIsInSyncThenOneChangedValueIsThatDevicesOnlyDrift() throws Exception {
    Cli r = pod.drift(List.of());
    assertEquals(
        Map.of("qfx-leaf-1", "ok", "qfx-leaf-2", "ok", "srl-spine-1", "ok", "srl-spine-2", "ok"),
        r.devices(),
        r.out() + r.err());
    assertEquals(List.of(), r.findings(), r.out());
    assertEquals(0, r.exit(), r.err());

    pod.inject(
        "srl-spine-2",
        "<config xmlns=\"urn:ietf:params:xml:ns:netconf:base:1.0\">"
            + "<interface xmlns=\"urn:nokia.com:srlinux:chassis:interfaces\"><name>ethernet-1/1</name><mtu>9000</mtu></interface>"
            + "</config>");
    Cli changed = pod.drift(List.of());
    assertEquals(
        List.of("drift-mtu srl-spine-2 ethernet-1/1"),
        List.copyOf(DriftFindings.byKey(changed).keySet()),
        changed.out());
    assertEquals(
        Map.of("qfx-leaf-1", "ok", "qfx-leaf-2", "ok", "srl-spine-1", "ok", "srl-spine-2", "drift"),
        changed.devices());
    assertEquals(1, changed.exit());
  }
}
